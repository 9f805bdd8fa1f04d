import { sql } from "kysely";
import type { DB } from "~/db/database.server";
import { EVERY_TOPIC_ROW, PUBLIC_TOPICS, type PublicTopic, TOPIC_ROW } from "./topics";

/** Told which topics changed in this process (all of them for markPublicPagesChanged). */
type Listener = (topics: readonly PublicTopic[]) => void;
const listeners = new Set<Listener>();

/**
 * Says that the public data of `topic` changed (ADR 0021): the writer calls it
 * beside its write, inside the write's transaction, so the bump commits or
 * rolls back with it. Every instance sharing the database sees the topic's new
 * generation when it next looks (about once a second) and drops the pages
 * that read it; this instance drops them at once.
 */
export async function publicTopicChanged(db: DB, topic: PublicTopic): Promise<void> {
  await bump(db, TOPIC_ROW[topic]);
  for (const listener of listeners) listener([topic]);
}

/**
 * Says that every public page may show something else (a restored backup, the
 * danger zone): every topic at once. Prefer publicTopicChanged, which drops
 * only the pages that read what changed.
 */
export async function markPublicPagesChanged(db: DB): Promise<void> {
  await bump(db, EVERY_TOPIC_ROW);
  for (const listener of listeners) listener(PUBLIC_TOPICS);
}

/** One statement on both databases; a topic's row is made by its first bump (row 1 by migration 0021). */
async function bump(db: DB, id: number): Promise<void> {
  await db
    .insertInto("public_pages_generation")
    .values({ id, generation: 1 })
    .onConflict((oc) =>
      oc.column("id").doUpdateSet({ generation: sql<number>`public_pages_generation.generation + 1` }),
    )
    .execute();
}

/** Each row's generation (row 1: every topic; the others: TOPIC_ROW); a row not made yet reads as 0. */
export async function readPublicPagesGenerations(db: DB): Promise<Map<number, number>> {
  const rows = await db.selectFrom("public_pages_generation").select(["id", "generation"]).execute();
  return new Map(rows.map((row) => [Number(row.id), Number(row.generation)]));
}

/** Which topics changed between two reads of the generations (every topic when row 1 did). */
export function changedTopics(before: Map<number, number>, after: Map<number, number>): PublicTopic[] {
  const moved = (id: number) => (before.get(id) ?? 0) !== (after.get(id) ?? 0);
  if (moved(EVERY_TOPIC_ROW)) return [...PUBLIC_TOPICS];
  return PUBLIC_TOPICS.filter((topic) => moved(TOPIC_ROW[topic]));
}

/** Runs `listener` whenever this process bumps a topic; returns the unsubscribe. */
export function onPublicPagesChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
