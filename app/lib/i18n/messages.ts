import { BUYER_MESSAGES } from "~/domain/orders/buyer";
import { INPUT_MESSAGES } from "~/domain/orders/instagram-input";
import { CREATE_ORDER_MESSAGES, PAYMENT_MESSAGES } from "~/domain/orders/order-messages";
import { TRACK_MESSAGES } from "~/domain/orders/track-lookup";
import { GATEWAY_MESSAGES } from "~/domain/payments/gateways/gateway-messages";
import { CANCEL_REFUSAL_TEXT } from "~/domain/self-service/cancel-messages";
import { REFILL_REFUSAL_TEXT } from "~/domain/self-service/refill-messages";
import { GENERIC_MESSAGE, NETWORK_MESSAGE } from "~/lib/api-client";

/**
 * Every message the server or the shared rules may give a buyer, by group and
 * key. The English texts are the domain's own constants (so they read exactly
 * as the API and the tests have them); the `errors` namespace of each
 * language has the same groups and keys.
 */
export const BUYER_MESSAGE_GROUPS = {
  input: INPUT_MESSAGES,
  buyer: BUYER_MESSAGES,
  createOrder: CREATE_ORDER_MESSAGES,
  payment: PAYMENT_MESSAGES,
  gateway: GATEWAY_MESSAGES,
  track: TRACK_MESSAGES,
  refill: REFILL_REFUSAL_TEXT,
  cancel: CANCEL_REFUSAL_TEXT,
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
