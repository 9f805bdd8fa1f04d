import type { DB } from "~/db/database.server";
import { parseOrderId } from "./order-id";
import { findOrderStatus } from "./orders.repository.server";

export interface JsonReply {
  status: number;
  body: Record<string, unknown>;
}

/**
 * GET /api/order-status?orderId=…: the status only, nothing about the buyer.
 * The checkout polls it every few seconds per open payment, so it is the
 * shop's hottest endpoint; the server answers it before the page machinery.
 */
export async function orderStatusReply(db: DB, rawOrderId: string | null | undefined): Promise<JsonReply> {
  const orderId = parseOrderId(rawOrderId ?? "");
  if (!orderId) return { status: 400, body: { success: false, message: "orderId: expected an order id" } };
  const status = await findOrderStatus(db, orderId);
  if (!status) return { status: 404, body: { success: false, message: "Order not found" } };
  return { status: 200, body: { success: true, status } };
}
