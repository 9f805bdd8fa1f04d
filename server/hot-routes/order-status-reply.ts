import type { DB } from "~/db/database.server";
import { orderStatusOf } from "~/domain/orders/order-tracking.server";
import { type JsonReply, failureReply } from "~/lib/server/api.server";
import { isAppError } from "~/lib/app-error";

/**
 * GET /api/order-status?orderId=…, answered as the API answers
 * (app/routes/api/order-status.types.ts). The checkout polls it every few
 * seconds per open payment, so it is the shop's hottest endpoint: the server
 * answers it before the page machinery, with this reply.
 */
export async function orderStatusReply(db: DB, rawOrderId: string | null | undefined): Promise<JsonReply> {
  try {
    return { status: 200, body: { success: true, status: await orderStatusOf(db, rawOrderId) } };
  } catch (error) {
    if (!isAppError(error)) throw error;
    return failureReply(error);
  }
}
