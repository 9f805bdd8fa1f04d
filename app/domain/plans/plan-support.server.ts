import type { DB } from "~/db/database.server";
import { queueAlert } from "~/domain/alerts/queue.server";
import { readSiteSettings } from "~/domain/settings/settings.server";
import { AppError } from "~/lib/app-error";
import {
  PROMISE_LABELS,
  type PromisingPlan,
  SUPPORT_MESSAGES,
  type ServiceSupport,
  brokenPromises,
  planServiceId,
} from "./plan-support";

/**
 * Plans keep only the promises their panel service can keep (plan-support.ts):
 * checked when the operator saves a plan, and again on every services
 * refresh, which alerts the operator about each plan a change broke.
 */

async function serviceIds(db: DB) {
  const s = await readSiteSettings(db);
  return {
    followers: s.panelServiceFollowers,
    likes: s.panelServiceLikes,
    views: s.panelServiceViews,
    comments: s.panelServiceComments,
    customComments: s.panelServiceCustomComments,
  };
}

async function supportOf(db: DB, serviceId: string): Promise<ServiceSupport | null> {
  if (!serviceId) return null;
  const row = await db
    .selectFrom("panel_services")
    .select(["refill", "dripfeed"])
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
 * no longer supports (the refresh alerted about it).
 */
export async function checkPlanSupport(
  db: DB,
  plan: PromisingPlan,
  changed: { refill: boolean; dripfeed: boolean } = { refill: true, dripfeed: true },
): Promise<void> {
  const support = await supportOf(db, planServiceId(plan, await serviceIds(db)));
  if (changed.dripfeed && plan.drip_runs > 0 && !support?.dripfeed) {
    throw new AppError("INVALID_INPUT", SUPPORT_MESSAGES.dripfeed, { field: "dripRuns" });
  }
  if (changed.refill && plan.refill_days > 0 && support && !support.refill) {
    throw new AppError("INVALID_INPUT", SUPPORT_MESSAGES.refill, { field: "refillDays" });
  }
}

/**
 * After a services list is stored (inside its transaction): every enabled plan
 * whose service now lacks what the plan promises, and did not before (it was
 * supported, or not in the last list), becomes one alert for the operator.
 * Returns the plans alerted about.
 */
export async function alertPlansBrokenByServices(
  db: DB,
  before: ReadonlyMap<string, ServiceSupport>,
  after: ReadonlyMap<string, ServiceSupport>,
  now: number,
): Promise<number[]> {
  const ids = await serviceIds(db);
  const plans = await db
    .selectFrom("plans")
    .select(["id", "name", "service_type", "refill_days", "drip_runs", "custom_comments"])
    .where("is_enabled", "=", 1)
    .where((eb) => eb.or([eb("refill_days", ">", 0), eb("drip_runs", ">", 0)]))
    .orderBy("id")
    .execute();
  const alerted: number[] = [];
  for (const plan of plans) {
    const serviceId = planServiceId(plan, ids);
    if (!serviceId) continue;
    const none = { refill: false, dripfeed: false };
    const was = new Set(before.has(serviceId) ? brokenPromises(plan, before.get(serviceId)!) : []);
    const broken = brokenPromises(plan, after.get(serviceId) ?? none).filter((p) => !was.has(p));
    if (broken.length === 0) continue;
    const what = broken.map((p) => PROMISE_LABELS[p]).join(" and ");
    await queueAlert(
      db,
      {
        event: "plan_unsupported",
        eventKey: `plan_unsupported:${plan.id}:${broken.join("+")}:${now}`,
        facts: {
          title: `Plan "${plan.name}" promises ${what} that panel service ${serviceId} no longer supports`,
          lines: [
            after.has(serviceId)
              ? `The panel's services list says service ${serviceId} has no ${broken.map((p) => (p === "refill" ? "refill" : "drip-feed")).join(" or ")}.`
              : `Service ${serviceId} is no longer in the panel's services list.`,
            "Edit the plan (set the refill guarantee or drip-feed runs to 0), choose another service in Settings, or disable the plan.",
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
