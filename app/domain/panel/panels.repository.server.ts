import { sql } from "kysely";
import type { DB } from "~/db/database.server";
import type { NewPanelRow, PanelRow, PanelRowUpdate } from "./table";

/**
 * The `panels` table's SQL (migration 0034, ADR 0024). The default panel is
 * the row with `is_default = 1` (a unique partial index keeps it to one); the
 * first panel a shop adds becomes it, and the operator may name another.
 */

export async function listPanels(db: DB): Promise<PanelRow[]> {
  return db.selectFrom("panels").selectAll().orderBy("id").execute();
}

export async function findPanel(db: DB, id: number): Promise<PanelRow | undefined> {
  return db.selectFrom("panels").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function findPanelByName(db: DB, name: string): Promise<PanelRow | undefined> {
  return db.selectFrom("panels").selectAll().where("name", "=", name).executeTakeFirst();
}

export async function findDefaultPanel(db: DB): Promise<PanelRow | undefined> {
  return db.selectFrom("panels").selectAll().where("is_default", "=", 1).executeTakeFirst();
}

/** The name of this panel (null: the default panel); null when there is no such panel. */
export async function panelNameOf(db: DB, id: number | null): Promise<string | null> {
  const query = db.selectFrom("panels").select("name");
  const row = await (id === null ? query.where("is_default", "=", 1) : query.where("id", "=", id)).executeTakeFirst();
  return row?.name ?? null;
}

/** These panels, by id (one query). */
export async function findPanels(db: DB, ids: readonly number[]): Promise<Map<number, PanelRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom("panels").selectAll().where("id", "in", unique).execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** Adds a panel; the shop's first becomes its default. Returns its id. */
export async function insertPanel(
  db: DB,
  values: Omit<NewPanelRow, "id" | "is_default" | "created_at" | "updated_at">,
  now = Date.now(),
): Promise<number> {
  const row = await db
    .insertInto("panels")
    .values({
      ...values,
      // The unique partial index on is_default turns two racing "first" panels into one refusal.
      is_default: sql<number>`(case when exists (select 1 from panels) then 0 else 1 end)`,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updatePanel(
  db: DB,
  id: number,
  values: Omit<PanelRowUpdate, "id" | "is_default" | "created_at">,
  now = Date.now(),
): Promise<void> {
  await db
    .updateTable("panels")
    .set({ ...values, updated_at: now })
    .where("id", "=", id)
    .execute();
}

/** Makes this panel the default (plans without a panel of their own go there). */
export async function setDefaultPanel(db: DB, id: number, now = Date.now()): Promise<void> {
  const run = async (trx: DB) => {
    await trx.updateTable("panels").set({ is_default: 0 }).where("is_default", "=", 1).execute();
    await trx.updateTable("panels").set({ is_default: 1, updated_at: now }).where("id", "=", id).execute();
  };
  if (db.isTransaction) await run(db);
  else await db.transaction().execute(run);
}

/** Panel rows from a backup, as they were (their ids too); any that still exists is left as it is. */
export async function restorePanelRows(db: DB, rows: readonly Record<string, unknown>[]): Promise<number> {
  if (rows.length === 0) return 0;
  const result = await db
    .insertInto("panels")
    .values(rows as NewPanelRow[])
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

export async function deletePanelRow(db: DB, id: number): Promise<void> {
  await db.deleteFrom("panels").where("id", "=", id).execute();
}

/** The balance the panel reported, in its currency, and when. */
export async function recordPanelBalance(
  db: DB,
  id: number,
  balance: { amount: string; currency: string | null },
  at = Date.now(),
): Promise<void> {
  await db
    .updateTable("panels")
    .set({ balance: balance.amount, balance_currency: balance.currency, balance_checked_at: at })
    .where("id", "=", id)
    .execute();
}

/**
 * The danger zone's "SMM panel settings": every panel and its services list
 * go (the backup written first keeps the default panel's fields, never its
 * key); plans and orders that named one fall back to the default panel the
 * operator adds next. Returns how many panels went.
 */
export async function deleteAllPanels(db: DB): Promise<number> {
  await db.deleteFrom("panel_services").execute();
  await db.updateTable("plans").set({ panel_id: null, fallback_panel_id: null }).execute();
  await db.updateTable("orders").set({ panel_id: null }).where("panel_id", "is not", null).execute();
  await db.updateTable("orders").set({ fallback_panel_id: null }).where("fallback_panel_id", "is not", null).execute();
  const result = await db.deleteFrom("panels").executeTakeFirst();
  return Number(result.numDeletedRows);
}
