import type { AppServices } from "~/context";
import { CREATE_ORDER_MESSAGES } from "~/domain/orders/create.server";
import type { OrderStatus } from "~/domain/orders/table";
import type { ServiceType } from "~/domain/plans/table";
import { qrSvgDataUri } from "./qr.server";
import { buildUpiLink, isUpiConfigured, upiNote } from "./upi";

export interface CheckoutOrder {
  orderId: string;
  serviceType: ServiceType;
  planName: string;
  quantity: number;
  pricePaise: number;
  status: OrderStatus;
  deadlineAt: number;
  utrSubmitted: boolean;
}

export type CheckoutView =
  | { kind: "missing" }
  | {
      kind: "order";
      order: CheckoutOrder;
      /** Lets the browser run the countdown on the server's clock. */
      serverNow: number;
      /** Present while the order waits for payment and payment is configured. */
      payment: { upiLink: string; qrDataUri: string; payeeName: string } | null;
      paymentError: string | null;
    };

/**
 * Everything the checkout shows for one order. UPI id and merchant name leave
 * the server only inside the payment link the buyer needs anyway.
 */
export async function loadCheckout(
  { db, settings }: Pick<AppServices, "db" | "settings">,
  orderId: string,
  now = Date.now(),
): Promise<CheckoutView> {
  const row = await db
    .selectFrom("orders")
    .select([
      "order_id",
      "service_type",
      "plan_name",
      "quantity",
      "price_paise",
      "status",
      "payment_deadline_at",
      "utr",
    ])
    .where("order_id", "=", orderId)
    .executeTakeFirst();
  if (!row) return { kind: "missing" };
  const order: CheckoutOrder = {
    orderId: row.order_id,
    serviceType: row.service_type,
    planName: row.plan_name,
    quantity: row.quantity,
    pricePaise: row.price_paise,
    status: row.status,
    deadlineAt: row.payment_deadline_at,
    utrSubmitted: row.utr !== null,
  };
  if (row.status !== "pending") return { kind: "order", order, serverNow: now, payment: null, paymentError: null };

  const site = await settings.get();
  if (!isUpiConfigured(site.upiId, site.merchantName)) {
    return { kind: "order", order, serverNow: now, payment: null, paymentError: CREATE_ORDER_MESSAGES.paymentSetup };
  }
  const upiLink = buildUpiLink({
    payeeVpa: site.upiId,
    payeeName: site.merchantName,
    amountPaise: row.price_paise,
    reference: row.order_id,
    note: upiNote(row.service_type, row.price_paise),
  });
  return {
    kind: "order",
    order,
    serverNow: now,
    payment: { upiLink, qrDataUri: await qrSvgDataUri(upiLink), payeeName: site.merchantName.trim() },
    paymentError: null,
  };
}
