import type { DB } from "~/db/database.server";
import type { OrderRow } from "~/domain/orders/table";
import { isLinked } from "./queue.server";

/** What /track offers about the order's updates and its refund (track-updates.tsx draws it). */
export interface TrackChannels {
  /** The buyer gets updates about this order somewhere: "Stop updates" is offered. */
  anyUpdates: boolean;
  refundDue: boolean;
  /** The UPI id the buyer gave for the refund, if any. */
  refundUpiId: string | null;
}

export async function trackChannels(db: DB, order: OrderRow): Promise<TrackChannels> {
  const browsers = await db
    .selectFrom("buyer_push_subscriptions")
    .select("id")
    .where("order_id", "=", order.order_id)
    .limit(1)
    .executeTakeFirst();
  const anyUpdates =
    order.customer_email !== null ||
    order.whatsapp_opt_in_at !== null ||
    browsers !== undefined ||
    (await isLinked(db, order.order_id));
  return {
    anyUpdates,
    refundDue: order.status === "refund_due" && (order.refund_due_paise ?? 0) > 0,
    refundUpiId: order.refund_upi_id,
  };
}
