import type { DB } from "~/db/database.server";
import { defaultServices, panelCurrency } from "~/domain/panel/connection.server";
import { chosenServiceId, planChoice } from "~/domain/panel/service-choice";
import { findServiceTerms, instagramServiceTerms } from "~/domain/panel/services.server";
import { findDefaultPanel } from "~/domain/panel/panels.repository.server";
import { AppError } from "~/lib/app-error";
import { type AtService, PLAN_COST_MESSAGES, type PlanAtPanel, planCost, planProblems } from "./plan-cost";
import type { PlanRow } from "./table";

/**
 * Plans against their panel services' terms (plan-cost.ts): the plans table's
 * cost and margin, and the refusals when a plan is saved or enabled.
 */

type CostedPlan = Pick<
  PlanRow,
  | "service_type"
  | "custom_comments"
  | "panel_service_id"
  | "fallback_service_id"
  | "quantity"
  | "price_paise"
  | "is_enabled"
>;

/** Each plan at its panel service (and its fallback), in the order given. */
export async function plansAtPanel(db: DB, plans: readonly CostedPlan[]): Promise<PlanAtPanel[]> {
  const panel = await findDefaultPanel(db);
  const defaults = defaultServices(panel);
  const currency = panelCurrency(panel);
  const ids = plans.map((plan) => chosenServiceId(planChoice(plan), defaults));
  const terms = await findServiceTerms(db, panel?.id ?? null, [
    ...ids,
    ...plans.map((plan) => plan.fallback_service_id ?? ""),
  ]);
  const at = (plan: CostedPlan, serviceId: string): AtService => {
    const found = terms.get(serviceId) ?? null;
    return {
      serviceId,
      terms: found,
      cost: planCost({ quantity: plan.quantity, pricePaise: plan.price_paise }, found, currency),
    };
  };
  return plans.map((plan, i) => ({
    ...at(plan, ids[i]!),
    fallback: plan.fallback_service_id ? at(plan, plan.fallback_service_id) : null,
  }));
}

/** What the plan dialog offers: the panel's services for Instagram, the ones set per type, the currency. */
export async function panelServicesForPlans(db: DB) {
  const panel = await findDefaultPanel(db);
  const services = await instagramServiceTerms(db, panel?.id ?? null);
  return { services, defaults: defaultServices(panel), currency: panelCurrency(panel) };
}

export type PanelServicesForPlans = Awaited<ReturnType<typeof panelServicesForPlans>>;

export const PLAN_SERVICE_MESSAGES = {
  noList: "Fetch your panel's services first (Settings → SMM Panel → Test connection), then choose the plan's service",
  unknown: (id: string) => `Service ${id} is not in your panel's services list`,
  sameFallback: "The fallback must be another service than the plan's own",
} as const;

/**
 * Refuses a plan as it is about to be saved: a service of its own, or a
 * fallback, that the panel's last list does not name, or a fallback that is
 * the plan's service itself; and, when the plan is (or stays) enabled, a price
 * below its service's (or its fallback's) cost or a quantity outside its min/max.
 */
export async function checkPlanAtPanel(
  db: DB,
  plan: CostedPlan,
  {
    ownServiceChanged,
    fallbackChanged,
    enabling = false,
  }: { ownServiceChanged: boolean; fallbackChanged: boolean; enabling?: boolean },
): Promise<void> {
  const [atPanel] = await plansAtPanel(db, [plan]);
  const listed = async (id: string, field: "panelServiceId" | "fallbackServiceId") => {
    const any = await db.selectFrom("panel_services").select("service_id").limit(1).executeTakeFirst();
    throw new AppError("INVALID_INPUT", any ? PLAN_SERVICE_MESSAGES.unknown(id) : PLAN_SERVICE_MESSAGES.noList, {
      field,
    });
  };
  if (plan.panel_service_id && ownServiceChanged && !atPanel!.terms)
    await listed(plan.panel_service_id, "panelServiceId");
  const fallback = atPanel!.fallback;
  if (fallback && (fallbackChanged || ownServiceChanged)) {
    if (fallback.serviceId === atPanel!.serviceId) {
      throw new AppError("INVALID_INPUT", PLAN_SERVICE_MESSAGES.sameFallback, { field: "fallbackServiceId" });
    }
    if (!fallback.terms) await listed(fallback.serviceId, "fallbackServiceId");
  }
  if (plan.is_enabled !== 1) return;
  const problem = planProblems(atPanel!)[0];
  if (!problem) return;
  if (enabling) throw new AppError("INVALID_INPUT", PLAN_COST_MESSAGES.cannotEnable(problem.message));
  throw new AppError("INVALID_INPUT", problem.message, { field: problem.field });
}
