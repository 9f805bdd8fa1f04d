import type { DB } from "~/db/database.server";
import { panelCurrency } from "~/domain/panel/connection.server";
import { listPanels } from "~/domain/panel/panels.repository.server";
import type { ServiceTerms } from "~/domain/panel/parse";
import { planCost } from "./plan-cost";
import { PROMISE_LABELS, brokenPromises } from "./plan-support";
import { planTargets } from "./plan-targets.server";

/** A plan a new services list broke, in the words of the operator's alert. */
export interface BrokenPlan {
  planId: number;
  /** What broke, for the alert's key: "fallback+refill+price". */
  what: string;
  title: string;
  lines: string[];
}

/**
 * After a services list is stored (inside its transaction): every enabled plan
 * that the new list breaks, and the old one did not, becomes one alert for the
 * operator (the panel's listener queues it, app/domain/order-events/subscribers.server.ts). Broken means its service lost what the plan promises (a refill
 * guarantee, drip-feed; plan-support.ts) or is gone, or the plan no longer
 * fits the service's terms (its cost rose above the price, the quantity is no
 * longer taken; plan-cost.ts). Customers can still buy it until the operator
 * acts. The plans are those whose service, or whose fallback, is at this
 * panel (ADR 0026); the alert names the panel. One entry per plan and service broken.
 */
export async function plansBrokenByRefresh(
  db: DB,
  panelId: number,
  before: ReadonlyMap<string, ServiceTerms>,
  after: ReadonlyMap<string, ServiceTerms>,
): Promise<BrokenPlan[]> {
  const panels = await listPanels(db);
  const panel = panels.find((p) => p.id === panelId);
  if (!panel) return [];
  const currency = panelCurrency(panel);
  const enabled = await db.selectFrom("plans").selectAll().where("is_enabled", "=", 1).orderBy("id").execute();
  // Each plan's service at this panel: its own, or its fallback (which its orders may end up at too).
  const atThisPanel = enabled.flatMap((plan) => {
    const { own, fallback } = planTargets(plan, panels);
    return [own, fallback]
      .filter((t) => t !== null && t.panel?.id === panelId && t.serviceId !== "")
      .map((t) => ({ plan, serviceId: t!.serviceId, role: t === own ? "" : "fallback " }));
  });
  const none = { refill: false, dripfeed: false };
  const broken: BrokenPlan[] = [];
  for (const { plan, serviceId, role } of atThisPanel) {
    const old = before.get(serviceId) ?? null;
    const current = after.get(serviceId) ?? null;
    const lines: string[] = [];
    const titles: string[] = [];

    const was = new Set(old ? brokenPromises(plan, old) : []);
    const lost = brokenPromises(plan, current ?? none).filter((p) => !was.has(p));
    if (lost.length > 0) {
      titles.push(
        `promises ${lost.map((p) => PROMISE_LABELS[p]).join(" and ")} that its ${role}service ${serviceId} at ${panel.name} no longer supports`,
      );
      lines.push(
        current
          ? `${panel.name}'s services list says service ${serviceId} has no ${lost.map((p) => (p === "refill" ? "refill" : "drip-feed")).join(" or ")}.`
          : `Service ${serviceId} is no longer in ${panel.name}'s services list.`,
      );
    }

    const priced = { quantity: plan.quantity, pricePaise: plan.price_paise };
    const flagged = new Set(planCost(priced, old, currency).problems.map((p) => p.field));
    const fresh = planCost(priced, current, currency).problems.filter((p) => !flagged.has(p.field));
    if (fresh.length > 0) {
      titles.push(`no longer fits its ${role}service ${serviceId} at ${panel.name}`);
      lines.push(...fresh.map((p) => p.message));
    }

    if (titles.length === 0) continue;
    const what = [role ? "fallback" : "", ...lost, ...fresh.map((p) => p.field)].filter(Boolean).join("+");
    broken.push({
      planId: plan.id,
      what,
      title: `Plan "${plan.name}" ${titles.join(", and ")}`,
      lines: [
        ...lines,
        "Customers can still buy it: edit the plan (its price, quantity, refill guarantee, drip-feed, panel or service), or disable it.",
      ],
    });
  }
  return broken;
}
