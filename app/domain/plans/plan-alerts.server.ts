import type { DB } from "~/db/database.server";
import { queueAlert } from "~/domain/alerts/queue.server";
import { defaultServices, panelCurrency } from "~/domain/panel/connection.server";
import { chosenServiceId, planChoice } from "~/domain/panel/service-choice";
import { findDefaultPanel, findPanel } from "~/domain/panel/panels.repository.server";
import { type ServiceTerms, planCost } from "./plan-cost";
import { PROMISE_LABELS, brokenPromises } from "./plan-support";

/**
 * After a services list is stored (inside its transaction): every enabled plan
 * that the new list breaks, and the old one did not, becomes one alert for the
 * operator. Broken means its service lost what the plan promises (a refill
 * guarantee, drip-feed; plan-support.ts) or is gone, or the plan no longer
 * fits the service's terms (its cost rose above the price, the quantity is no
 * longer taken; plan-cost.ts). Customers can still buy it until the operator
 * acts. Returns the plans alerted about.
 */
export async function alertPlansBrokenByRefresh(
  db: DB,
  panelId: number,
  before: ReadonlyMap<string, ServiceTerms>,
  after: ReadonlyMap<string, ServiceTerms>,
  now: number,
): Promise<number[]> {
  const panel = await findPanel(db, panelId);
  const defaults = defaultServices(panel);
  const currency = panelCurrency(panel);
  const isDefault = (await findDefaultPanel(db))?.id === panelId;
  // The plans whose orders go to this panel: those naming it, and (for the default panel) those naming none.
  const plans = (await db.selectFrom("plans").selectAll().where("is_enabled", "=", 1).orderBy("id").execute()).filter(
    (plan) => (plan.panel_id ?? (isDefault ? panelId : null)) === panelId,
  );
  const none = { refill: false, dripfeed: false };
  const alerted: number[] = [];
  for (const plan of plans) {
    const serviceId = chosenServiceId(planChoice(plan), defaults);
    if (!serviceId) continue;
    const old = before.get(serviceId) ?? null;
    const current = after.get(serviceId) ?? null;
    const lines: string[] = [];
    const titles: string[] = [];

    const was = new Set(old ? brokenPromises(plan, old) : []);
    const broken = brokenPromises(plan, current ?? none).filter((p) => !was.has(p));
    if (broken.length > 0) {
      titles.push(
        `promises ${broken.map((p) => PROMISE_LABELS[p]).join(" and ")} that panel service ${serviceId} no longer supports`,
      );
      lines.push(
        current
          ? `The panel's services list says service ${serviceId} has no ${broken.map((p) => (p === "refill" ? "refill" : "drip-feed")).join(" or ")}.`
          : `Service ${serviceId} is no longer in the panel's services list.`,
      );
    }

    const priced = { quantity: plan.quantity, pricePaise: plan.price_paise };
    const flagged = new Set(planCost(priced, old, currency).problems.map((p) => p.field));
    const fresh = planCost(priced, current, currency).problems.filter((p) => !flagged.has(p.field));
    if (fresh.length > 0) {
      titles.push(`no longer fits panel service ${serviceId}`);
      lines.push(...fresh.map((p) => p.message));
    }

    if (titles.length === 0) continue;
    const what = [...broken, ...fresh.map((p) => p.field)].join("+");
    await queueAlert(
      db,
      {
        event: "plan_unsupported",
        eventKey: `plan_unsupported:${plan.id}:${what}:${now}`,
        facts: {
          title: `Plan "${plan.name}" ${titles.join(", and ")}`,
          lines: [
            ...lines,
            "Customers can still buy it: edit the plan (its price, quantity, refill guarantee, drip-feed or panel service), or disable it.",
          ],
          orderId: null,
          path: "/admin/plans",
        },
      },
      now,
    );
    alerted.push(plan.id);
  }
  return alerted;
}
