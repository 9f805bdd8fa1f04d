import type { AppServices } from "~/context";
import { MAX_STATUS_BATCH, getStatuses } from "./client.server";
import { panelSetup } from "./connection.server";
import { profitPaise } from "./money";
import { statusUpdate } from "./sync.server";

export interface BulkProfitResult {
  updated: number;
  failed: number;
  /** The spec's toast: 'Updated {n} orders' (+ ', {m} failed'), or 'No orders need profit update'. */
  message: string;
}

export function bulkProfitMessage(updated: number, failed: number): string {
  if (updated === 0 && failed === 0) return "No orders need profit update";
  return `Updated ${updated} orders${failed > 0 ? `, ${failed} failed` : ""}`;
}

/**
 * 'Update All Profits': every order with a panel order id and no profit gets
 * its charge read (100 per status call) and its profit set. Orders whose charge
 * is missing or in a currency without a rupee rate count as failed.
 */
export async function updateAllProfits(
  services: Pick<AppServices, "db" | "settings" | "config" | "logger" | "demoPanelUrl">,
  options: { onProgress?: (progress: { done: number; total: number }) => void } = {},
): Promise<BulkProfitResult | { error: string }> {
  const { db } = services;
  const [{ total } = { total: 0 }] = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .where("panel_order_id", "is not", null)
    .where("profit_paise", "is", null)
    .execute();
  const count = Number(total);
  if (count === 0) return { updated: 0, failed: 0, message: bulkProfitMessage(0, 0) };
  const configured = panelSetup(await services.settings.get(), services);
  if (!configured.ok) return { error: configured.message };
  const { setup } = configured;

  let updated = 0;
  let failed = 0;
  let afterId = 0;
  options.onProgress?.({ done: 0, total: count });
  for (;;) {
    const page = await db
      .selectFrom("orders")
      .select(["id", "panel_order_id", "price_paise", "panel_status", "profit_paise"])
      .where("panel_order_id", "is not", null)
      .where("profit_paise", "is", null)
      .where("id", ">", afterId)
      .orderBy("id")
      .limit(MAX_STATUS_BATCH)
      .execute();
    if (page.length === 0) break;
    afterId = page[page.length - 1]!.id;

    const reply = await getStatuses(setup.connection, [...new Set(page.map((o) => o.panel_order_id!))]);
    if (!reply.ok) {
      services.logger.warn({ orders: page.length, reason: reply.message }, "bulk profit update: no answer");
      failed += page.length;
    } else {
      const now = Date.now();
      await db.transaction().execute(async (trx) => {
        for (const order of page) {
          const entry = reply.value.get(order.panel_order_id!);
          if (!entry?.ok) {
            failed++;
            continue;
          }
          const update = statusUpdate(order, entry.value, setup, now);
          const profit = profitPaise(order.price_paise, entry.value.charge, update.panel_currency, setup.currency);
          if (profit === null) failed++;
          else updated++;
          await trx
            .updateTable("orders")
            .set(profit === null ? update : { ...update, profit_paise: profit })
            .where("id", "=", order.id)
            .execute();
        }
      });
    }
    options.onProgress?.({ done: Math.min(updated + failed, count), total: count });
  }
  return { updated, failed, message: bulkProfitMessage(updated, failed) };
}
