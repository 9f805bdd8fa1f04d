import { sql } from "kysely";
import type { DB } from "~/db/database.server";

type Listener = () => void;
const listeners = new Set<Listener>();

/**
 * Says that what the public pages show (plans, prices, settings, the count of
 * delivered orders...) has changed. Call it inside the transaction of the
 * write: the bump commits or rolls back with it, and every instance sharing
 * the database sees the new generation when it next looks (about once a
 * second). This instance drops its copies at once.
 */
export async function markPublicPagesChanged(db: DB): Promise<void> {
  await db
    .updateTable("public_pages_generation")
    .set({ generation: sql<number>`generation + 1` })
    .where("id", "=", 1)
    .execute();
  for (const listener of listeners) listener();
}

/** The current generation; changes whenever markPublicPagesChanged committed anywhere. */
export async function readPublicPagesGeneration(db: DB): Promise<number> {
  const row = await db
    .selectFrom("public_pages_generation")
    .select("generation")
    .where("id", "=", 1)
    .executeTakeFirst();
  return Number(row?.generation ?? 0);
}

/** Runs `listener` whenever this process marks the public pages changed; returns the unsubscribe. */
export function onPublicPagesChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
