import type { AppServices } from "~/context";
import { recordAudit } from "~/domain/audit/audit.server";
import { getRefillStatus } from "~/domain/panel/client.server";
import { panelSetupCache } from "~/domain/panel/connection.server";
import { findOrder } from "~/domain/orders/orders.repository.server";
import { isFinalRefillStatus } from "~/domain/panel/parse";
import { backoff, nextSyncDelay } from "~/domain/panel/sync-schedule";
import { publishRefill } from "./refill-events.server";
import { refillsDueForSync, updateRefillProgress } from "./requests.repository.server";

/**
 * Part of the status sync: follows each accepted refill with the panel's
 * `refill_status` until it is completed or rejected; every change of its
 * status goes into the order's history.
 */

type RefillSyncServices = Pick<AppServices, "db" | "settings" | "config" | "logger" | "demoPanelUrl">;

const SYSTEM = "system:status-sync";

export async function syncDueRefills(services: RefillSyncServices, now = Date.now(), limit = 20): Promise<number> {
  const setupOf = panelSetupCache(services);
  const due = await refillsDueForSync(services.db, now, limit);
  let updated = 0;
  for (const refill of due) {
    if (!refill.panel_refill_id) {
      await updateRefillProgress(services.db, refill.id, { nextSyncAt: null });
      continue;
    }
    // A refill is asked about at the panel its order was placed at.
    const configured = await setupOf((await findOrder(services.db, refill.order_id))?.panel_id ?? null);
    if (!configured.ok) continue;
    const { connection, syncIntervalMs } = configured.setup;
    const reply = await getRefillStatus(connection, refill.panel_refill_id);
    if (!reply.ok) {
      services.logger.warn({ orderId: refill.order_id, reason: reply.message }, "refill status: no answer");
      await updateRefillProgress(services.db, refill.id, { nextSyncAt: now + backoff(2) });
      continue;
    }
    const status = reply.value;
    const final = isFinalRefillStatus(status);
    await services.db.transaction().execute(async (trx) => {
      await updateRefillProgress(trx, refill.id, {
        refillStatus: status,
        nextSyncAt: final
          ? null
          : now + nextSyncDelay(status === "pending" ? "pending" : "in_progress", syncIntervalMs),
      });
      if (status === "completed" && refill.refill_status !== "completed") {
        await publishRefill(trx, { kind: "done", orderId: refill.order_id, requestId: refill.id, now });
      }
      if (status !== refill.refill_status) {
        await recordAudit(
          trx,
          {
            actor: SYSTEM,
            action: "order.refillProgress",
            targetType: "order",
            targetId: refill.order_id,
            details: { refillId: refill.panel_refill_id, refillStatus: status },
          },
          now,
        );
      }
    });
    updated++;
  }
  return updated;
}
