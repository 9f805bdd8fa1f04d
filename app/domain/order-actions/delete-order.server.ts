import type { AppServices } from "~/context";
import { type RequestClient, recordAudit } from "~/domain/audit/audit.server";
import { writeBackup } from "~/domain/backups/backup.server";
import { AppError } from "~/lib/app-error";
import { recordDeletedSale } from "~/domain/orders/deleted-orders.repository.server";
import { publishDeletion } from "~/domain/orders/events.server";
import { isSale } from "~/domain/orders/lifecycle";
import { deleteOrder, findOrder, lockOrder } from "~/domain/orders/orders.repository.server";

export const DELETE_MESSAGES = {
  deleted: "Order deleted successfully",
  deletedSale: (backup: string) => `Order deleted successfully. A backup was written first: ${backup}`,
  typeTheId: (orderId: string) => `This order was paid. Type its id, ${orderId}, to delete it.`,
} as const;

/**
 * Deletes one order from the list. An unpaid one goes at once. A sale needs
 * its order id typed again, is written to a backup first (the danger zone's
 * backup, restorable from Settings → Backups), and is kept in
 * `deleted_orders` so the dashboard can say what it no longer counts. Audited
 * with the deletion, in one transaction.
 */
export async function deleteOrderByOperator(
  services: Pick<AppServices, "db" | "config">,
  operator: { name: string; client?: RequestClient },
  orderId: string,
  typedOrderId: string | undefined,
  now = Date.now(),
): Promise<{ message: string }> {
  const { db } = services;
  const order = await findOrder(db, orderId);
  if (!order) throw new AppError("NOT_FOUND", "Order not found");
  const sale = isSale({ status: order.status, paidAt: order.paid_at });
  if (sale && (typedOrderId ?? "").trim().replace(/^#/, "").toUpperCase() !== order.order_id) {
    throw new AppError("INVALID_INPUT", DELETE_MESSAGES.typeTheId(order.order_id), { field: "confirmOrderId" });
  }
  const backup = sale
    ? (await writeBackup(db, services.config.BACKUP_DIR, { orderIds: [order.order_id] }, `order-${order.order_id}`))
        .name
    : null;

  await db.transaction().execute(async (trx) => {
    const current = await lockOrder(trx, order.order_id);
    if (!current) throw new AppError("NOT_FOUND", "Order not found");
    // Paid meanwhile (a bank alert between the click and now): the operator did not type its id.
    if (!sale && isSale({ status: current.status, paidAt: current.paid_at })) {
      throw new AppError("CONFLICT", "This order was paid meanwhile. Reload it and try again.");
    }
    await deleteOrder(trx, current.order_id);
    await publishDeletion(trx, { order: current, now });
    if (backup) await recordDeletedSale(trx, current, { by: operator.name, backup, now });
    await recordAudit(
      trx,
      {
        actor: operator.name,
        action: "order.delete",
        targetType: "order",
        targetId: current.order_id,
        details: {
          result: DELETE_MESSAGES.deleted,
          status: current.status,
          ...(backup
            ? {
                paid: true,
                pricePaise: current.price_paise,
                refundPaise: current.refund_due_paise,
                backup,
              }
            : {}),
        },
        client: operator.client,
      },
      now,
    );
  });
  return { message: backup ? DELETE_MESSAGES.deletedSale(backup) : DELETE_MESSAGES.deleted };
}
