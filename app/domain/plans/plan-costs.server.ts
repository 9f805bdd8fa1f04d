import type { DB } from "~/db/database.server";
import { defaultServices, panelCurrency } from "~/domain/panel/connection.server";
import { findServiceTerms, serviceCountsByPanel } from "~/domain/panel/services.server";
import { listPanels } from "~/domain/panel/panels.repository.server";
import type { ServiceTerms } from "~/domain/panel/parse";
import { AppError } from "~/lib/app-error";
import { type AtService, PLAN_COST_MESSAGES, type PlanAtPanel, planCost, planProblems } from "./plan-cost";
import { type PanelOfPlan, type PlanTarget, type TargetedPlan, planTargets, sameTarget } from "./plan-targets.server";
import type { PlanRow } from "./table";

/**
 * Plans against their panel services' terms (plan-cost.ts), each at its own
 * panel (plan-targets.ts): the plans table's cost and margin, and the
 * refusals when a plan is saved or enabled.
 */

type CostedPlan = TargetedPlan & Pick<PlanRow, "quantity" | "price_paise" | "is_enabled">;

/** Each plan at its panel service (and its fallback), in the order given: one terms query per panel. */
export async function plansAtPanel(db: DB, plans: readonly CostedPlan[]): Promise<PlanAtPanel[]> {
  const panels = await listPanels(db);
  const targets = plans.map((plan) => planTargets(plan, panels));
  const wanted = new Map<number, string[]>();
  for (const { own, fallback } of targets) {
    for (const target of [own, fallback]) {
      if (!target?.panel || !target.serviceId) continue;
      const ids = wanted.get(target.panel.id) ?? [];
      ids.push(target.serviceId);
      wanted.set(target.panel.id, ids);
    }
  }
  const terms = new Map<number, Map<string, ServiceTerms>>();
  for (const [panelId, ids] of wanted) terms.set(panelId, await findServiceTerms(db, panelId, ids));

  const at = (plan: CostedPlan, target: PlanTarget): AtService => {
    const found = (target.panel && terms.get(target.panel.id)?.get(target.serviceId)) || null;
    return {
      panelId: target.panel?.id ?? null,
      panelName: target.panel?.name ?? null,
      serviceId: target.serviceId,
      terms: found,
      cost: planCost({ quantity: plan.quantity, pricePaise: plan.price_paise }, found, panelCurrency(target.panel)),
    };
  };
  return plans.map((plan, i) => ({
    ...at(plan, targets[i]!.own),
    fallback: targets[i]!.fallback ? at(plan, targets[i]!.fallback) : null,
  }));
}

/**
 * One panel as the plan dialog offers it: the ones it names per type, its
 * currency, and how many services its last list kept. The services
 * themselves are searched a page at a time (issue 47 point 7,
 * routes/api/admin/panel-service-search.ts), never sent whole with the page.
 */
export interface PanelForPlans {
  id: number;
  name: string;
  isDefault: boolean;
  servicesCount: number;
  defaults: ReturnType<typeof defaultServices>;
  currency: ReturnType<typeof panelCurrency>;
}

/** What the plan dialog offers: every panel, the default first. */
export async function panelServicesForPlans(db: DB): Promise<{ panels: PanelForPlans[] }> {
  const [rows, counts] = await Promise.all([listPanels(db), serviceCountsByPanel(db)]);
  const panels = rows
    .sort((a, b) => b.is_default - a.is_default || a.id - b.id)
    .map((panel) => ({
      id: panel.id,
      name: panel.name,
      isDefault: panel.is_default === 1,
      servicesCount: counts.get(panel.id) ?? 0,
      defaults: defaultServices(panel),
      currency: panelCurrency(panel),
    }));
  return { panels };
}

export type PanelServicesForPlans = Awaited<ReturnType<typeof panelServicesForPlans>>;

export const PLAN_SERVICE_MESSAGES = {
  noList: (panel: string) =>
    `Fetch ${panel}'s services first (Admin → Panels → Refresh services), then choose the plan's service`,
  unknown: (id: string, panel: string) => `Service ${id} is not in ${panel}'s services list`,
  sameFallback: "The fallback must be another service, or a service at another panel, than the plan's own",
  noPanel: "Add a panel first (Admin → Panels)",
  panelGone: "That panel no longer exists: choose one of your panels",
  fallbackWithoutService: "Choose the fallback panel's service too, or leave the fallback panel empty",
} as const;

type ServiceField = "panelServiceId" | "fallbackServiceId";

async function refuseUnlisted(db: DB, panel: PanelOfPlan, id: string, field: ServiceField): Promise<never> {
  const any = await db
    .selectFrom("panel_services")
    .select("service_id")
    .where("panel_id", "=", panel.id)
    .limit(1)
    .executeTakeFirst();
  throw new AppError(
    "INVALID_INPUT",
    any ? PLAN_SERVICE_MESSAGES.unknown(id, panel.name) : PLAN_SERVICE_MESSAGES.noList(panel.name),
    { field },
  );
}

/**
 * Refuses a plan as it is about to be saved: a panel that does not exist, a
 * service of its own, or a fallback, that its panel's last list does not name,
 * or a fallback that is the plan's service at the plan's panel itself; and,
 * when the plan is (or stays) enabled, a price below its service's (or its
 * fallback's) cost or a quantity outside its min/max, at that service's panel.
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
  if (plan.fallback_panel_id !== null && !plan.fallback_service_id) {
    throw new AppError("INVALID_INPUT", PLAN_SERVICE_MESSAGES.fallbackWithoutService, { field: "fallbackServiceId" });
  }
  const panels = await listPanels(db);
  const { own, fallback } = planTargets(plan, panels);
  if (ownServiceChanged && !own.panel) {
    const message = plan.panel_id === null ? PLAN_SERVICE_MESSAGES.noPanel : PLAN_SERVICE_MESSAGES.panelGone;
    if (plan.panel_id !== null || plan.panel_service_id)
      throw new AppError("INVALID_INPUT", message, { field: "panelId" });
  }
  if (fallback && (fallbackChanged || ownServiceChanged) && !fallback.panel) {
    throw new AppError("INVALID_INPUT", PLAN_SERVICE_MESSAGES.panelGone, { field: "fallbackPanelId" });
  }
  const [atPanel] = await plansAtPanel(db, [plan]);
  if (plan.panel_service_id && ownServiceChanged && !atPanel!.terms && own.panel) {
    await refuseUnlisted(db, own.panel, plan.panel_service_id, "panelServiceId");
  }
  if (fallback && (fallbackChanged || ownServiceChanged)) {
    if (sameTarget(own, fallback)) {
      throw new AppError("INVALID_INPUT", PLAN_SERVICE_MESSAGES.sameFallback, { field: "fallbackServiceId" });
    }
    if (!atPanel!.fallback!.terms) await refuseUnlisted(db, fallback.panel!, fallback.serviceId, "fallbackServiceId");
  }
  if (plan.is_enabled !== 1) return;
  const problem = planProblems(atPanel!)[0];
  if (!problem) return;
  if (enabling) throw new AppError("INVALID_INPUT", PLAN_COST_MESSAGES.cannotEnable(problem.message));
  throw new AppError("INVALID_INPUT", problem.message, { field: problem.field });
}
