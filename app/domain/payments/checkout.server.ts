import type { AppServices } from "~/context";
import { type TrackedOrder, trackedOrder } from "~/domain/orders/order-tracking.server";
import { CREATE_ORDER_MESSAGES } from "~/domain/orders/order-messages";
import { findOrder } from "~/domain/orders/orders.repository.server";
import { activeGateway } from "./gateways/registry.server";
import { paymentsRefusal } from "./payments-open";
import { qrPng, qrSvgDataUri } from "./qr.server";
import { buildPersonalLink, buildUpiLink, isUpiConfigured, upiNote } from "./upi";
import { findAccount, firstAccount } from "~/domain/receiving-accounts/accounts.repository.server";
import type { AccountKind } from "~/domain/receiving-accounts/table";

export interface CheckoutOrder extends TrackedOrder {
  deadlineAt: number;
  /** The plan's price (the amount, for orders older than unique amounts); the amount to pay is a few paise less, so the payment can be told apart. */
  listedPricePaise: number;
  /** Until when a UTR is still taken after the window closed (the grace period). */
  lateUtrUntil: number;
}

/** How the buyer can pay an order now. */
export interface CheckoutPayment {
  upiLink: string;
  qrDataUri: string;
  payeeName: string;
  /** The UPI ID, as text a buyer can copy into another phone's UPI app. */
  payeeVpa: string;
  /**
   * The receiving account's kind: a personal UPI ID's link carries no `tr`/`mc` (apps refuse or flag a
   * merchant payment to a person), and the checkout leads with the QR and the UPI ID to copy.
   */
  accountKind: AccountKind;
  /** The QR as a PNG to save, for UPI apps that scan from the gallery. */
  qrImageUrl: string;
  /** The online gateway offered beside the QR ("razorpay"), when one is switched on. */
  gateway: string | null;
}

export type CheckoutView =
  | { kind: "missing" }
  | {
      kind: "order";
      order: CheckoutOrder;
      /** Lets the browser run the countdown on the server's clock. */
      serverNow: number;
      /** Present while the order waits for payment and payment is configured. */
      payment: CheckoutPayment | null;
      /** Why the order cannot be paid now: the buyer's words, and what a page in another language needs to say them. */
      paymentError: { message: string; details?: Record<string, string | null> } | null;
    };

/**
 * Everything the checkout shows for one order, in the lifecycle's terms. UPI
 * id and merchant name leave the server only while the order can still be
 * paid: in the payment link, and as text for a buyer paying from another phone.
 */
export async function loadCheckout(
  services: Pick<AppServices, "db" | "settings" | "config">,
  rawOrderId: string,
  now = Date.now(),
): Promise<CheckoutView> {
  const { db, settings, config } = services;
  const row = await findOrder(db, rawOrderId);
  if (!row) return { kind: "missing" };
  const order: CheckoutOrder = {
    ...trackedOrder(row, now),
    deadlineAt: row.payment_deadline_at,
    listedPricePaise: row.listed_price_paise ?? row.price_paise,
    lateUtrUntil: row.payment_deadline_at + config.PAYMENT_GRACE_SECONDS * 1000,
  };
  if (order.view.stage !== "pay") return { kind: "order", order, serverNow: now, payment: null, paymentError: null };

  const site = await settings.get();
  // The account the order showed at checkout (an order from before accounts: the shop's first).
  const account =
    (row.receiving_account_id === null ? undefined : await findAccount(db, row.receiving_account_id)) ??
    (await firstAccount(db));
  const upiId = row.receiving_upi_id ?? account?.upi_id ?? "";
  const kind: AccountKind = account?.kind ?? "business";
  if (!isUpiConfigured(upiId, site.merchantName)) {
    return {
      kind: "order",
      order,
      serverNow: now,
      payment: null,
      paymentError: { message: CREATE_ORDER_MESSAGES.paymentSetup },
    };
  }
  // An order made before the UPI ID went back to the placeholder: no QR, no link, the shop's contacts instead.
  const refusal = paymentsRefusal({ ...site, upiId }, config);
  if (refusal) return { kind: "order", order, serverNow: now, payment: null, paymentError: refusal };
  const link = {
    payeeVpa: upiId,
    payeeName: site.merchantName,
    amountPaise: row.price_paise,
    note: upiNote(row.service_type, row.price_paise),
  };
  const upiLink = kind === "personal" ? buildPersonalLink(link) : buildUpiLink({ ...link, reference: row.order_id });
  return {
    kind: "order",
    order,
    serverNow: now,
    payment: {
      upiLink,
      qrDataUri: await qrSvgDataUri(upiLink),
      payeeName: site.merchantName.trim(),
      payeeVpa: upiId.trim(),
      accountKind: kind,
      qrImageUrl: orderQrImagePath(row.order_id),
      gateway: (await activeGateway(services))?.gateway.name ?? null,
    },
    paymentError: null,
  };
}

/** Where the checkout's "Save QR image" downloads the order's QR (app/routes/api/order-qr.ts). */
export function orderQrImagePath(orderId: string): string {
  return `/api/orders/${encodeURIComponent(orderId)}/qr.png`;
}

/** The PNG of the order's payment QR while it can be paid, or null (no such order, paid, expired, payments closed). */
export async function orderQrImage(
  services: Pick<AppServices, "db" | "settings" | "config">,
  orderId: string,
  now = Date.now(),
): Promise<Buffer | null> {
  const view = await loadCheckout(services, orderId, now);
  if (view.kind !== "order" || !view.payment) return null;
  return qrPng(view.payment.upiLink);
}
