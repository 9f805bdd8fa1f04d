import type { DB } from "~/db/database.server";
import { recordAudit } from "~/domain/audit/audit.server";
import { lockOrder } from "~/domain/orders/orders.repository.server";
import { UPI_ID } from "~/domain/settings/validation";
import { AppError } from "~/lib/app-error";
import { REFUND_UPI_MESSAGES } from "./refund-upi-messages";
import { type Requester, requesterName } from "./who";

export { REFUND_UPI_MESSAGES };

/**
 * Where the buyer wants a refund that is due: a UPI id they give on /track or
 * in the WhatsApp chat (REFUND name@bank). Only while a refund is due; kept on
 * the order (orders.refund_upi_id) for the operator's "Pay refund" QR, and in
 * the order's history. The same id again changes nothing.
 */

export async function giveRefundUpiId(
  db: DB,
  orderId: string,
  rawUpiId: string,
  who: Requester,
  now = Date.now(),
): Promise<{ upiId: string; refundPaise: number }> {
  const upiId = rawUpiId.trim();
  if (!UPI_ID.test(upiId)) throw new AppError("INVALID_INPUT", REFUND_UPI_MESSAGES.invalid, { field: "upiId" });
  return db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, orderId);
    if (!order) throw new AppError("NOT_FOUND", "Order not found");
    if (order.status !== "refund_due" || !order.refund_due_paise) {
      throw new AppError("INVALID_TRANSITION", REFUND_UPI_MESSAGES.notDue);
    }
    if (order.refund_upi_id !== upiId) {
      await trx
        .updateTable("orders")
        .set({ refund_upi_id: upiId, updated_at: now })
        .where("order_id", "=", order.order_id)
        .execute();
      await recordAudit(
        trx,
        {
          actor: requesterName(who),
          action: "order.refundUpiGiven",
          targetType: "order",
          targetId: order.order_id,
          // Only its bank handle: a UPI id often holds the buyer's phone, and the history outlives the retention period.
          details: { upiHandle: upiId.slice(upiId.indexOf("@")) },
          client: who.client,
        },
        now,
      );
    }
    return { upiId, refundPaise: order.refund_due_paise };
  });
}
