import type { TFunction } from "i18next";
import { BUYER_MESSAGES, EMAIL_MESSAGES } from "~/domain/orders/buyer-contact";
import { COMMENT_MESSAGES } from "~/domain/orders/custom-comments";
import { INPUT_MESSAGES } from "~/domain/orders/instagram-input";
import { CREATE_ORDER_MESSAGES, PAYMENT_MESSAGES, TRACK_MESSAGES } from "~/domain/orders/order-messages";
import { GATEWAY_MESSAGES } from "~/domain/payments/gateways/gateway-messages";
import { PAYMENTS_CLOSED_MESSAGES, paymentsClosedText } from "~/domain/payments/payments-closed-messages";
import { CANCEL_REFUSAL_TEXT } from "~/domain/self-service/cancel-messages";
import { REFILL_REFUSAL_TEXT } from "~/domain/self-service/refill-messages";
import { REFUND_UPI_MESSAGES } from "~/domain/self-service/refund-upi-messages";
import { NOTIFY_MESSAGES, STOP_UPDATES_MESSAGES } from "~/domain/buyer-messages/messages";
import { GENERIC_MESSAGE, NETWORK_MESSAGE } from "~/lib/api-messages";
import { COUPON_MESSAGES, COUPON_MINIMUM_MESSAGES, COUPON_REASONS } from "~/domain/coupons/coupon-messages";
import { BILLING_MESSAGES } from "~/domain/receipts/billing-address";
import { formatInr } from "~/lib/money";
import type { Locale } from "~/lib/i18n/locale";

/**
 * What a refusal means by its code (app/lib/app-error.ts), for a page in a
 * language the server's own words are not in. English pages show the
 * server's words, which say more; these are the other languages' fallback.
 */
export const ERROR_CODE_MESSAGES = {
  NOT_FOUND: "We could not find that. Please check it and try again.",
  INVALID_INPUT: "Something you entered is not right. Please check it and try again.",
  INVALID_TRANSITION: "This order cannot do that now. Please reload the page to see where it stands.",
  CONFLICT: "This order changed meanwhile. Please reload the page and try again.",
  RATE_LIMITED: "Too many tries. Please wait a minute and try again.",
  BODY_TOO_LARGE: "That is too long. Please shorten it and try again.",
  UNAVAILABLE: "This cannot be done right now. Please try again later.",
  UPSTREAM_FAILED: "Our supplier did not take this request. Nothing was changed; please try again later.",
  UPSTREAM_UNKNOWN: "Our supplier did not answer in time. Please try again in a few minutes.",
} as const;

/**
 * Every message the server or the shared rules may give a buyer, by group and
 * key. The English texts are the domain's own constants (so they read exactly
 * as the API and the tests have them); the `errors` namespace of each
 * language has the same groups and keys.
 */
export const BUYER_MESSAGE_GROUPS = {
  input: INPUT_MESSAGES,
  buyer: BUYER_MESSAGES,
  email: EMAIL_MESSAGES,
  comments: COMMENT_MESSAGES,
  createOrder: CREATE_ORDER_MESSAGES,
  payment: PAYMENT_MESSAGES,
  gateway: GATEWAY_MESSAGES,
  track: TRACK_MESSAGES,
  refill: REFILL_REFUSAL_TEXT,
  cancel: CANCEL_REFUSAL_TEXT,
  refundUpi: REFUND_UPI_MESSAGES,
  notify: NOTIFY_MESSAGES,
  stopUpdates: STOP_UPDATES_MESSAGES,
  paymentsClosed: PAYMENTS_CLOSED_MESSAGES,
  coupon: COUPON_MESSAGES,
  couponMinimum: COUPON_MINIMUM_MESSAGES,
  billing: BILLING_MESSAGES,
  byCode: ERROR_CODE_MESSAGES,
  api: { network: NETWORK_MESSAGE, generic: GENERIC_MESSAGE },
} as const;

const keyOfText = new Map<string, string>();
for (const [group, messages] of Object.entries(BUYER_MESSAGE_GROUPS)) {
  for (const [key, text] of Object.entries(messages)) keyOfText.set(text, `errors:${group}.${key}`);
}

/**
 * The translation key of a message the server sent (or a shared rule
 * returned) in English; undefined for one that is not a buyer's message
 * (it is then shown as it came).
 */
export function messageKey(text: string): string | undefined {
  return keyOfText.get(text);
}

/** A refusal as the API client or a page's loader hands it over: the server's words, its code and details. */
export interface BuyerError {
  message: string;
  code?: string | null;
  details?: Record<string, unknown>;
}

const text = (value: unknown) => (typeof value === "string" && value.trim() ? value : null);

/**
 * A buyer's message in the page's language: a refusal that names its reason
 * by the reason's words (with the values it carries), a known message by its
 * translation, and on a page in another language than English anything else
 * by what its code means, never an English sentence on a Hindi page.
 */
export function buyerMessage(t: TFunction, locale: Locale, error: string | BuyerError): string {
  const { message, code, details } = typeof error === "string" ? { message: error, code: null, details: {} } : error;
  if (details?.reason === "PAYMENTS_CLOSED") {
    const contacts = { email: text(details.email), phone: text(details.phone) };
    return paymentsClosedText(contacts, (key, values) => t(`errors:paymentsClosed.${key}`, values ?? {}));
  }
  if (details?.reason === COUPON_REASONS.belowMinimum && typeof details.minimumPaise === "number") {
    return t("errors:couponMinimum.belowMinimum", { minimum: formatInr(details.minimumPaise, locale) });
  }
  const key = messageKey(message);
  if (key) return t(key);
  if (locale === "en") return message;
  return t(code && code in ERROR_CODE_MESSAGES ? `errors:byCode.${code}` : "errors:api.generic");
}
