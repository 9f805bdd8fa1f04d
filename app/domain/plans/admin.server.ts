import { sql } from "kysely";
import type { DB } from "~/db/database.server";
import { type Actor, auditBy, recordAudit } from "~/domain/audit/audit.server";
import { markPublicPagesChanged } from "~/domain/public-pages/changes.server";
import { paiseToRupees } from "~/lib/money";
import type { NewPlanInput, PlanUpdateInput } from "./plan-form";
import type { PlanRow } from "./table";

/**
 * A plan as the JSON API shows it: `amount` is the quantity as text, `price` in
 * rupees (docs/product.md, JSON API conventions).
 */
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

function summary(row: PlanRow) {
  return {
    serviceType: row.service_type,
    name: row.name,
    quantity: row.quantity,
    pricePaise: row.price_paise,
    tag: row.tag,
  };
}

/** Each change below is recorded in the audit log in the same transaction. */
export async function createPlan(db: DB, actor: Actor, input: NewPlanInput, now = Date.now()): Promise<PlanRow> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
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
    await recordAudit(
      trx,
      { ...auditBy(actor), action: "plan.create", targetType: "plan", targetId: row.id, details: summary(row) },
      now,
    );
    await markPublicPagesChanged(trx);
    return row;
  });
}

/** Updates name, quantity, price and tag; the service type never changes. */
export async function updatePlan(
  db: DB,
  actor: Actor,
  id: number,
  input: PlanUpdateInput,
  now = Date.now(),
): Promise<PlanRow | null> {
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
    await recordAudit(
      trx,
      {
        ...auditBy(actor),
        action: "plan.update",
        targetType: "plan",
        targetId: id,
        details: { before: summary(before), after: summary(after) },
      },
      now,
    );
    await markPublicPagesChanged(trx);
    return after;
  });
}

export async function togglePlan(db: DB, actor: Actor, id: number, now = Date.now()): Promise<PlanRow | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("plans")
      .set({ is_enabled: sql<number>`1 - is_enabled`, updated_at: now })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst();
    if (!row) return null;
    await recordAudit(
      trx,
      {
        ...auditBy(actor),
        action: row.is_enabled ? "plan.enable" : "plan.disable",
        targetType: "plan",
        targetId: id,
        details: { name: row.name },
      },
      now,
    );
    await markPublicPagesChanged(trx);
    return row;
  });
}

/** Deletes a plan; orders keep their own copy of name, quantity and price. */
export async function deletePlan(db: DB, actor: Actor, id: number, now = Date.now()): Promise<PlanRow | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom("plans").where("id", "=", id).returningAll().executeTakeFirst();
    if (!row) return null;
    await recordAudit(
      trx,
      { ...auditBy(actor), action: "plan.delete", targetType: "plan", targetId: id, details: summary(row) },
      now,
    );
    await markPublicPagesChanged(trx);
    return row;
  });
}
