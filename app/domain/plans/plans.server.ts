import { type DB, transaction } from "~/db/database.server";
import { publicTopicChanged } from "~/domain/public-pages/changes.server";
import type { NewPlanRow, PlanRow } from "./table";
import type { ServiceType } from "~/domain/panel/service-types";

/** The smallest quantity a buyer may be shown or charged for (docs/product.md, Plans shown to buyers). */
export const MIN_PLAN_QUANTITY = 100;

export async function listPlans(
  db: DB,
  filter: { serviceType?: ServiceType; enabledOnly?: boolean } = {},
): Promise<PlanRow[]> {
  let query = db.selectFrom("plans").selectAll();
  if (filter.serviceType) query = query.where("service_type", "=", filter.serviceType);
  if (filter.enabledOnly) {
    query = query.where("is_enabled", "=", 1).where("quantity", ">=", MIN_PLAN_QUANTITY);
  }
  return query.orderBy("price_paise", "asc").orderBy("id", "asc").execute();
}

export async function findPlan(db: DB, id: number): Promise<PlanRow | undefined> {
  return db.selectFrom("plans").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Adds plans (the seed, tests), declaring the `plans` page-cache topic changed in the same transaction. */
export async function insertPlans(db: DB, plans: NewPlanRow[]): Promise<void> {
  if (plans.length === 0) return;
  if (!db.isTransaction) return transaction(db, (trx) => insertPlans(trx, plans));
  await db.insertInto("plans").values(plans).execute();
  await publicTopicChanged(db, "plans");
}

/** Price of the cheapest plan a buyer can order, for the "from ₹X" copy; null when none. */
export async function cheapestEnabledPricePaise(db: DB): Promise<number | null> {
  const row = await db
    .selectFrom("plans")
    .select((eb) => eb.fn.min<number>("price_paise").as("min"))
    .where("is_enabled", "=", 1)
    .where("quantity", ">=", MIN_PLAN_QUANTITY)
    .executeTakeFirst();
  return row?.min ?? null;
}

/** How many plans name this panel, for their service or their fallback (a panel they use cannot be deleted). */
export async function countPlansUsingPanel(db: DB, panelId: number): Promise<number> {
  const row = await db
    .selectFrom("plans")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where((eb) => eb.or([eb("panel_id", "=", panelId), eb("fallback_panel_id", "=", panelId)]))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** How many plans name no panel (they use the default panel). */
export async function countPlansOnDefaultPanel(db: DB): Promise<number> {
  const row = await db
    .selectFrom("plans")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("panel_id", "is", null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
