import type { DB } from "~/db/database.server";
import type { OrderRow } from "~/domain/orders/table";
import { payerUpiIdOf } from "./credits.repository.server";
import { qrSvgDataUri } from "./qr.server";
import { buildRefundLink, parseUpiId } from "./upi";

/**
 * What the operator needs to pay a refund that is due: the amount, the UPI id
 * to pay it to (the one the payment came from, when a bank alert or gateway
 * said so, or one the operator typed after asking the buyer), and a
 * `upi://pay` link and QR for exactly that amount to that id.
 */
export interface RefundPayment {
  amountPaise: number;
  /** The payer's UPI id; null while unknown. */
  upiId: string | null;
  /** Where the UPI id came from: the payment's credit, the buyer (on /track or by chat), or typed by the operator. */
  upiIdFrom: "payment" | "buyer" | "operator" | null;
  /** What the operator typed, when it is not a UPI id. */
  typedInvalid: string | null;
  link: string | null;
  qrDataUri: string | null;
}

export async function refundPaymentFor(
  db: DB,
  order: Pick<OrderRow, "order_id" | "status" | "refund_due_paise" | "customer_name" | "refund_upi_id">,
  typed: string | null,
): Promise<RefundPayment | null> {
  if (order.status !== "refund_due" || !order.refund_due_paise || order.refund_due_paise <= 0) return null;
  const fromPayment = await payerUpiIdOf(db, order.order_id);
  const typedId = typed?.trim() ? parseUpiId(typed) : null;
  const fromBuyer = order.refund_upi_id ? parseUpiId(order.refund_upi_id) : null;
  const upiId = typedId ?? fromBuyer ?? fromPayment;
  const link = upiId
    ? buildRefundLink({
        payeeVpa: upiId,
        payeeName: order.customer_name ?? "",
        amountPaise: order.refund_due_paise,
        orderId: order.order_id,
      })
    : null;
  return {
    amountPaise: order.refund_due_paise,
    upiId,
    upiIdFrom: typedId ? "operator" : fromBuyer ? "buyer" : fromPayment ? "payment" : null,
    typedInvalid: typed?.trim() && !typedId ? typed.trim().slice(0, 100) : null,
    link,
    qrDataUri: link ? await qrSvgDataUri(link) : null,
  };
}
