import type { AppServices } from "~/context";
import { MAX_STATUS_BATCH, getStatuses } from "~/domain/panel/client.server";
import { byPanel, panelSetupCache } from "~/domain/panel/connection.server";
import { AppError } from "~/lib/app-error";
import { recordProfitReply } from "./delivery.server";
import { countOrdersWithoutProfit, ordersWithoutProfit } from "~/domain/orders/orders.repository.server";
import { formatCount } from "~/lib/money";
import { plural } from "~/lib/plural";

const ACTOR = { kind: "system", job: "profit-update" } as const;

export interface BulkProfitResult {
  updated: number;
  failed: number;
  /** The spec's toast: 'Updated {n} orders' (+ ', {m} failed'), or 'No orders need profit update'. */
  message: string;
}

export function bulkProfitMessage(updated: number, failed: number): string {
  if (updated === 0 && failed === 0) return "No orders need profit update";
  return `Updated ${plural(updated, "order")}${failed > 0 ? `, ${formatCount(failed)} failed` : ""}`;
}

/**
 * 'Update All Profits': every order with a panel order id and no profit gets
 * its charge read (100 per status call) and its profit set. Orders whose charge
 * is missing or in a currency without a rupee rate count as failed.
 */
export async function updateAllProfits(
  services: Pick<AppServices, "db" | "settings" | "config" | "logger" | "demoPanelUrl">,
  options: { onProgress?: (progress: { done: number; total: number }) => void } = {},
): Promise<BulkProfitResult> {
  const { db } = services;
  const count = await countOrdersWithoutProfit(db);
  if (count === 0) return { updated: 0, failed: 0, message: bulkProfitMessage(0, 0) };
  const setupOf = panelSetupCache(services);
  const configured = await setupOf(null);
  if (!configured.ok) throw new AppError("NOT_CONFIGURED", configured.message);

  let updated = 0;
  let failed = 0;
  let afterId = 0;
  options.onProgress?.({ done: 0, total: count });
  for (;;) {
    const page = await ordersWithoutProfit(db, afterId, MAX_STATUS_BATCH);
    if (page.length === 0) break;
    afterId = page[page.length - 1]!.id;

    // Each order's charge is asked at the panel it was placed at.
    for (const [panelId, orders] of byPanel(page, configured.panel.id)) {
      const atPanel = await setupOf(panelId);
      if (!atPanel.ok) {
        failed += orders.length;
        continue;
      }
      const { setup } = atPanel;
      const reply = await getStatuses(setup.connection, [...new Set(orders.map((o) => o.panel_order_id!))]);
      if (!reply.ok) {
        services.logger.warn({ orders: orders.length, reason: reply.message }, "bulk profit update: no answer");
        failed += orders.length;
        continue;
      }
      const now = Date.now();
      for (const order of orders) {
        const entry = reply.value.get(order.panel_order_id!);
        if (!entry?.ok) {
          failed++;
          continue;
        }
        // The reply may also move the order (delivered, partly delivered): one transaction each.
        const updatedOrder = await recordProfitReply(db, order.order_id, entry.value, setup, ACTOR, now);
        if (!updatedOrder) continue;
        if (updatedOrder.profit_paise === null) failed++;
        else updated++;
      }
    }
    options.onProgress?.({ done: Math.min(updated + failed, count), total: count });
  }
  return { updated, failed, message: bulkProfitMessage(updated, failed) };
}
