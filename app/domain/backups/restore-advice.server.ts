import type { DB } from "~/db/database.server";
import { panelOrdersPage } from "~/domain/panel/panel-request";
import { panelLink } from "~/domain/fulfilment/panel-link";

/**
 * What a restored shop cannot know, in words for the operator (issue 52,
 * point 3): anything after the copy ends, and the paid orders that were on
 * their way to a panel then, which the panel may have received afterwards.
 * Each comes with where to look: the panel's own order list and the bank.
 */
const UNSETTLED = ["paid", "queued", "sending", "placement_unknown", "waiting_panel"] as const;

export async function restoreAdvice(db: DB, copiedUpTo: number | null): Promise<string[]> {
  const when = copiedUpTo ? new Date(copiedUpTo).toISOString() : "the backup's time";
  const [orders, panels] = await Promise.all([
    db
      .selectFrom("orders")
      .select(["order_id", "status", "service_type", "target", "quantity", "panel_id", "paid_at"])
      .where("status", "in", [...UNSETTLED])
      .orderBy("paid_at")
      .limit(200)
      .execute(),
    db.selectFrom("panels").select(["id", "name", "api_url", "is_default"]).execute(),
  ]);
  const pages = panels.map((p) => ({ ...p, page: panelOrdersPage(p.api_url) })).filter((p) => p.page !== null);
  const pageOf = (panelId: number | null) => {
    const panel = pages.find((p) => p.id === panelId) ?? pages.find((p) => p.is_default);
    return panel ? `${panel.name}: ${panel.page}` : "your panel's order list";
  };
  const lines = [
    `What this restore cannot know: anything after ${when}.`,
    `- Orders placed after ${when} are not here. Look at the bank's credits and at each panel's order list (${pages.length ? pages.map((p) => p.page).join(", ") : "your panel's order list"}) after that time: an order there that this shop does not list was placed after the copy; the buyer paid for it.`,
  ];
  if (orders.length === 0) {
    lines.push("- No paid order was on its way to a panel at the time of the copy.");
  } else {
    lines.push(
      `- ${orders.length} paid order${orders.length === 1 ? " was" : "s were"} on ${orders.length === 1 ? "its" : "their"} way to a panel at the time of the copy; the panel may have received ${orders.length === 1 ? "it" : "them"} afterwards. Before sending again, find each in the panel's order list by its link:`,
    );
    for (const o of orders) {
      lines.push(`    ${o.order_id}  ${o.status}  ${o.quantity} × ${panelLink(o)}  (${pageOf(o.panel_id)})`);
    }
    lines.push(
      "  Check them before you start the shop: it sends 'paid', 'queued' and 'waiting_panel' orders on to the panel by itself, and one the panel already has would be delivered twice (cancel that copy at the panel, or note its panel order id on the order).",
    );
  }
  return lines;
}
