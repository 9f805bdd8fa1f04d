import type { DB } from "~/db/database.server";
import { defaultServices, panelCurrency } from "~/domain/panel/connection.server";
import { chosenServiceId, planChoice } from "~/domain/panel/service-choice";
import { findServiceTerms, instagramServiceTerms } from "~/domain/panel/services.server";
import { readSiteSettings } from "~/domain/settings/settings.server";
import { AppError } from "~/lib/app-error";
import { PLAN_COST_MESSAGES, type PlanAtPanel, planCost } from "./plan-cost";
import type { PlanRow } from "./table";

/**
 * Plans against their panel services' terms (plan-cost.ts): the plans table's
 * cost and margin, and the refusals when a plan is saved or enabled.
 */

type CostedPlan = Pick<
  PlanRow,
  "service_type" | "custom_comments" | "panel_service_id" | "quantity" | "price_paise" | "is_enabled"
>;

/** Each plan at its panel service, in the order given. */
export async function plansAtPanel(db: DB, plans: readonly CostedPlan[]): Promise<PlanAtPanel[]> {
  const settings = await readSiteSettings(db);
  const defaults = defaultServices(settings);
  const ids = plans.map((plan) => chosenServiceId(planChoice(plan), defaults));
  const terms = await findServiceTerms(db, ids);
  return plans.map((plan, i) => {
    const found = terms.get(ids[i]!) ?? null;
    return {
      serviceId: ids[i]!,
      terms: found,
      cost: planCost({ quantity: plan.quantity, pricePaise: plan.price_paise }, found, panelCurrency(settings)),
    };
  });
}

/** What the plan dialog offers: the panel's services for Instagram, the ones set per type, the currency. */
export async function panelServicesForPlans(db: DB) {
  const [settings, services] = await Promise.all([readSiteSettings(db), instagramServiceTerms(db)]);
  return { services, defaults: defaultServices(settings), currency: panelCurrency(settings) };
}

export type PanelServicesForPlans = Awaited<ReturnType<typeof panelServicesForPlans>>;

export const PLAN_SERVICE_MESSAGES = {
  noList: "Fetch your panel's services first (Settings → SMM Panel → Test connection), then choose the plan's service",
  unknown: (id: string) => `Service ${id} is not in your panel's services list`,
} as const;

/**
 * Refuses a plan as it is about to be saved: a service of its own that the
 * panel's last list does not name; and, when the plan is (or stays) enabled,
 * a price below the service's cost or a quantity outside its min/max.
 */
export async function checkPlanAtPanel(
  db: DB,
  plan: CostedPlan,
  { ownServiceChanged, enabling = false }: { ownServiceChanged: boolean; enabling?: boolean },
): Promise<void> {
  const [atPanel] = await plansAtPanel(db, [plan]);
  if (plan.panel_service_id && ownServiceChanged && !atPanel!.terms) {
    const listed = await db.selectFrom("panel_services").select("service_id").limit(1).executeTakeFirst();
    const message = listed ? PLAN_SERVICE_MESSAGES.unknown(plan.panel_service_id) : PLAN_SERVICE_MESSAGES.noList;
    throw new AppError("INVALID_INPUT", message, { field: "panelServiceId" });
  }
  if (plan.is_enabled !== 1) return;
  const problem = atPanel!.cost.problems[0];
  if (!problem) return;
  if (enabling) throw new AppError("INVALID_INPUT", PLAN_COST_MESSAGES.cannotEnable(problem.message));
  throw new AppError("INVALID_INPUT", problem.message, { field: problem.field });
}
