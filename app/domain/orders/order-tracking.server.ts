import type { DB } from "~/db/database.server";
import { parseIndianMobile } from "./buyer-contact";
import { storedComments } from "./custom-comments";
import { type BuyerView, buyerView } from "./buyer-stage";
import type { OrderStatus } from "./lifecycle";
import { AppError } from "~/lib/app-error";
import { findOrder, findOrderStatus, parseOrderId } from "./orders.repository.server";
import type { OrderRow } from "./table";

/** What a buyer may learn about their order: its state in their words, never the panel's internals. */
export interface TrackedOrder {
  orderId: string;
  status: OrderStatus;
  view: BuyerView;
  serviceType: OrderRow["service_type"];
  planName: string;
  quantity: number;
  pricePaise: number;
  /** The coupon the order was bought with and what it took off the plan's price (0: none). */
  couponCode: string | null;
  discountPaise: number;
  target: string;
  createdAt: number;
  utrSubmitted: boolean;
  /** A payment was confirmed: the order has a receipt (/receipt). */
  paid: boolean;
  startCount: number | null;
  /** The buyer's own comments (a custom-comments plan); null for any other order. */
  comments: string[] | null;
}

export function trackedOrder(row: OrderRow, now = Date.now()): TrackedOrder {
  return {
    orderId: row.order_id,
    status: row.status,
    view: buyerView(
      {
        status: row.status,
        quantity: row.quantity,
        paymentDeadlineAt: row.payment_deadline_at,
        paid: row.paid_at !== null,
        remains: row.panel_remains,
        refundDuePaise: row.refund_due_paise,
        refundFeePaise: row.refund_fee_paise,
        refundCompensationPaise: row.refund_compensation_paise,
        cancelledBy: row.cancelled_by,
      },
      now,
    ),
    serviceType: row.service_type,
    planName: row.plan_name,
    quantity: row.quantity,
    pricePaise: row.price_paise,
    couponCode: row.coupon_code,
    discountPaise: row.discount_paise,
    target: row.target,
    createdAt: row.created_at,
    utrSubmitted: row.utr !== null,
    paid: row.paid_at !== null,
    startCount: row.panel_start_count,
    comments: storedComments(row.comments),
  };
}

/**
 * /track: the order id and the phone it was placed with, the phone as people
 * type it (spaces, +91, a leading 0). Null when they do not match, with no
 * hint which one is wrong.
 */
export async function trackOrder(db: DB, orderIdRaw: string, phoneRaw: string): Promise<TrackedOrder | null> {
  const row = await findBuyerOrder(db, orderIdRaw, phoneRaw);
  return row ? trackedOrder(row) : null;
}

/** The order, only for someone who knows both its id and the phone it was placed with. */
export async function findBuyerOrder(db: DB, orderIdRaw: string, phoneRaw: string): Promise<OrderRow | null> {
  const phone = parseIndianMobile(phoneRaw);
  if (!phone) return null;
  const row = await findOrder(db, orderIdRaw);
  return row && row.customer_phone === phone ? row : null;
}

/**
 * The checkout's poll: the order's status only, nothing about the buyer.
 * INVALID_INPUT for what cannot be an order id, NOT_FOUND for no such order.
 */
export async function orderStatusOf(db: DB, rawOrderId: string | null | undefined): Promise<OrderStatus> {
  if (!parseOrderId(rawOrderId)) throw new AppError("INVALID_INPUT", "orderId: expected an order id");
  const status = await findOrderStatus(db, rawOrderId!);
  if (!status) throw new AppError("NOT_FOUND", "Order not found");
  return status;
}
