import { isPanelSetting } from "~/domain/settings/panel-settings.server";
import { isAccountSetting } from "~/domain/settings/account-settings.server";
import { type DB, transaction } from "./database.server";
import { insertPlans } from "~/domain/plans/plans.server";
import type { NewPlanRow } from "~/domain/plans/table";
import type { ServiceType } from "~/domain/panel/service-types";
import { SETTINGS, type SettingName, defaultSiteSettings } from "~/domain/settings/registry";
import { writeSettings } from "~/domain/settings/settings.server";

type DemoPlan = [
  service: ServiceType,
  name: string,
  quantity: number,
  rupees: number,
  tag?: string,
  extras?: { refillDays?: number; dripRuns?: number; dripIntervalMinutes?: number },
];

/** Followers drop, so the larger packages promise refills for a month (the demo panel's followers service refills). */
const REFILL_30 = { refillDays: 30 };

/**
 * Prices in the range Indian resellers charge in 2026. The biggest likes and
 * views packages arrive gradually (drip-feed), which looks natural.
 */
const DEMO_PLANS: DemoPlan[] = [
  ["followers", "Starter Followers", 100, 49],
  ["followers", "Basic Followers", 500, 199],
  ["followers", "Popular Followers", 1000, 349, undefined, REFILL_30],
  ["followers", "Growth Followers", 2500, 799, "best", REFILL_30],
  ["followers", "Pro Followers", 5000, 1499, undefined, REFILL_30],
  ["followers", "Influencer Followers", 10000, 2799, undefined, REFILL_30],
  ["likes", "Starter Likes", 100, 19],
  ["likes", "Basic Likes", 500, 79],
  ["likes", "Popular Likes", 1000, 139],
  ["likes", "Boost Likes", 2500, 299, "recommended"],
  ["likes", "Viral Likes", 5000, 549, undefined, { dripRuns: 5, dripIntervalMinutes: 60 }],
  ["views", "Starter Views", 1000, 19],
  ["views", "Basic Views", 5000, 69],
  ["views", "Popular Views", 10000, 119],
  ["views", "Reel Boost Views", 50000, 449, "hot"],
  ["views", "Viral Views", 100000, 799, undefined, { dripRuns: 4, dripIntervalMinutes: 30 }],
  ["comments", "Starter Comments", 100, 149],
  ["comments", "Popular Comments", 250, 329],
  ["comments", "Engagement Comments", 500, 599, "best"],
  ["comments", "Pro Comments", 1000, 1099],
];

export function demoPlans(now = Date.now()): NewPlanRow[] {
  return DEMO_PLANS.map(([service_type, name, quantity, rupees, tag, extras]) => ({
    service_type,
    name,
    quantity,
    price_paise: rupees * 100,
    tag: tag ?? null,
    refill_days: extras?.refillDays ?? 0,
    drip_runs: extras?.dripRuns ?? 0,
    drip_interval_minutes: extras?.dripIntervalMinutes ?? 0,
    is_enabled: 1,
    created_at: now,
    updated_at: now,
  }));
}

/**
 * Fills an empty shop once. The marker in app_meta (which the danger zone never
 * deletes) makes a restart after "delete everything" keep the shop empty, and
 * its primary key makes concurrent first starts on PostgreSQL seed only once.
 */
export async function seedDemoDataOnce(db: DB): Promise<boolean> {
  return transaction(db, async (trx) => {
    const claimed = await trx
      .insertInto("app_meta")
      .values({ key: "seeded_at", value: new Date().toISOString() })
      .onConflict((oc) => oc.column("key").doNothing())
      .executeTakeFirst();
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    await seedDemoData(trx);
    return true;
  });
}

/**
 * Adds the demo catalogue (when the shop has no plans) and any missing default
 * settings; never duplicates or overwrites what the operator has (`npm run db:seed`).
 */
export async function seedDemoData(db: DB): Promise<{ plansAdded: number; settingsAdded: number }> {
  const hasPlans = await db.selectFrom("plans").select("id").limit(1).executeTakeFirst();
  const plans = hasPlans ? [] : demoPlans();
  await insertPlans(db, plans);
  const existing = new Set((await db.selectFrom("settings").select("key").execute()).map((r) => r.key));
  const defaults = defaultSiteSettings();
  const missing = Object.fromEntries(
    // The panel's fields live in its record (ADR 0024), the UPI ID in the first receiving account (0040): a
    // default here would overwrite the operator's.
    Object.entries(defaults).filter(
      ([name]) => !isPanelSetting(name) && !isAccountSetting(name) && !existing.has(SETTINGS[name as SettingName].key),
    ),
  );
  await writeSettings(db, missing);
  return { plansAdded: plans.length, settingsAdded: Object.keys(missing).length };
}
