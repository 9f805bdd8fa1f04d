import type { DB } from "~/db/database.server";
import { listPanels } from "~/domain/panel/panels.repository.server";
import { AppError } from "~/lib/app-error";
import { type PromisingPlan, SUPPORT_MESSAGES, type ServiceSupport } from "./plan-support";
import { type TargetedPlan, planTargets } from "./plan-targets.server";

/**
 * Plans keep only the promises their panel service can keep (plan-support.ts):
 * checked when the operator saves a plan, and again on every services
 * refresh, which alerts the operator about each plan a change broke
 * (plan-alerts.server.ts).
 */

async function supportOf(db: DB, panelId: number | undefined, serviceId: string): Promise<ServiceSupport | null> {
  if (!serviceId || panelId === undefined) return null;
  const row = await db
    .selectFrom("panel_services")
    .select(["refill", "dripfeed"])
    .where("panel_id", "=", panelId)
    .where("service_id", "=", serviceId)
    .executeTakeFirst();
  return row ? { refill: row.refill === 1, dripfeed: row.dripfeed === 1 } : null;
}

/**
 * Refuses a plan that promises what its service does not support: drip-feed
 * unless the panel's list says the service has it; a refill guarantee when
 * the list says the service has none (a service not yet seen in a list is
 * checked at the next services refresh, which alerts if it cannot refill).
 * Only what the save changes is checked: a plan may keep a promise the list
 * no longer supports (the refresh alerted about it). A fallback service must
 * keep the plan's promises too: its orders may end up there. Each service is
 * looked up in its own panel's list (ADR 0026).
 */
export async function checkPlanSupport(
  db: DB,
  plan: PromisingPlan & TargetedPlan,
  changed: { refill: boolean; dripfeed: boolean } = { refill: true, dripfeed: true },
): Promise<void> {
  const { own, fallback } = planTargets(plan, await listPanels(db));
  for (const { panel, serviceId } of fallback ? [own, fallback] : [own]) {
    const support = await supportOf(db, panel?.id, serviceId);
    if (changed.dripfeed && plan.drip_runs > 0 && !support?.dripfeed) {
      throw new AppError("INVALID_INPUT", SUPPORT_MESSAGES.dripfeed, { field: "dripRuns" });
    }
    if (changed.refill && plan.refill_days > 0 && support && !support.refill) {
      throw new AppError("INVALID_INPUT", SUPPORT_MESSAGES.refill, { field: "refillDays" });
    }
  }
}
