import { sql } from "kysely";
import type { DB } from "~/db/database.server";
import { paiseToRupees } from "~/lib/money";
import type { NewPlanInput, PlanUpdateInput } from "./plan-form";
import type { PlanRow } from "./table";

/** A plan as the spec's JSON API shows it (`amount` is the quantity as text, `price` in rupees). */
export function planToApi(row: PlanRow) {
  return {
    _id: String(row.id),
    serviceType: row.service_type,
    name: row.name,
    amount: String(row.quantity),
    price: paiseToRupees(row.price_paise),
    tags: row.tag ? [row.tag] : [],
    isEnabled: row.is_enabled === 1,
  };
}

export type ApiPlan = ReturnType<typeof planToApi>;

export async function createPlan(db: DB, input: NewPlanInput, now = Date.now()): Promise<PlanRow> {
  return db
    .insertInto("plans")
    .values({
      service_type: input.serviceType,
      name: input.name,
      quantity: input.amount,
      price_paise: input.price,
      tag: input.tags[0] ?? null,
      is_enabled: 1,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Updates name, quantity, price and tag; the service type never changes. */
export async function updatePlan(
  db: DB,
  id: number,
  input: PlanUpdateInput,
  now = Date.now(),
): Promise<{ before: PlanRow; after: PlanRow } | null> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("plans").selectAll().where("id", "=", id).executeTakeFirst();
    if (!before) return null;
    const after = await trx
      .updateTable("plans")
      .set({
        name: input.name,
        quantity: input.amount,
        price_paise: input.price,
        tag: input.tags[0] ?? null,
        updated_at: now,
      })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { before, after };
  });
}

export async function togglePlan(db: DB, id: number, now = Date.now()): Promise<PlanRow | null> {
  const row = await db
    .updateTable("plans")
    .set({ is_enabled: sql<number>`1 - is_enabled`, updated_at: now })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

/** Deletes a plan; orders keep their own copy of name, quantity and price. */
export async function deletePlan(db: DB, id: number): Promise<PlanRow | null> {
  const row = await db.deleteFrom("plans").where("id", "=", id).returningAll().executeTakeFirst();
  return row ?? null;
}
