import type { Updateable } from "kysely";
import type { DB } from "~/db/database.server";
import type { ProofCardInput } from "./forms";
import type { ProofCardRow, ProofCardTable } from "./table";

/** The `proof_cards` table's SQL. */

export function listProofCards(db: DB): Promise<ProofCardRow[]> {
  return db.selectFrom("proof_cards").selectAll().orderBy("id").execute();
}

export function listPublishedProofCards(db: DB): Promise<ProofCardRow[]> {
  return db.selectFrom("proof_cards").selectAll().where("published", "=", 1).orderBy("id").execute();
}

/** The form's fields as the table's columns: the title and description as they are, the rest renamed or encoded. */
function columns({ type, beforeLabel, beforeValue, afterLabel, afterValue, stats, verified, ...same }: ProofCardInput) {
  return {
    ...same,
    service_type: type,
    before_label: beforeLabel,
    before_value: beforeValue,
    after_label: afterLabel,
    after_value: afterValue,
    stats: JSON.stringify(stats),
    verified: verified ? 1 : 0,
  };
}

/** A new proof card starts as a draft. */
export function insertProofCard(db: DB, input: ProofCardInput, now: number): Promise<ProofCardRow> {
  return db
    .insertInto("proof_cards")
    .values({ ...columns(input), published: 0, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findProofCard(db: DB, id: number): Promise<ProofCardRow | undefined> {
  return db.selectFrom("proof_cards").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The one UPDATE of the table: an edit or a publish, stamped with `updated_at`. */
function updateRow(
  db: DB,
  id: number,
  values: Updateable<ProofCardTable>,
  now: number,
): Promise<ProofCardRow | undefined> {
  return db
    .updateTable("proof_cards")
    .set({ ...values, updated_at: now })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
}

export function updateProofCardRow(
  db: DB,
  id: number,
  input: ProofCardInput,
  now: number,
): Promise<ProofCardRow | undefined> {
  return updateRow(db, id, columns(input), now);
}

export function setProofCardPublished(
  db: DB,
  id: number,
  published: boolean,
  now: number,
): Promise<ProofCardRow | undefined> {
  return updateRow(db, id, { published: published ? 1 : 0 }, now);
}

export function deleteProofCardRow(db: DB, id: number): Promise<ProofCardRow | undefined> {
  return db.deleteFrom("proof_cards").where("id", "=", id).returningAll().executeTakeFirst();
}
