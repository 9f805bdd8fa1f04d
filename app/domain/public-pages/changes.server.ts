import { sql } from "kysely";
import { afterCommit, beforeCommit, currentUnitOfWork } from "~/db/after-commit.server";
import type { DB } from "~/db/database.server";
import { EVERY_TOPIC_ROW, PUBLIC_TOPICS, type PublicTopic, SETTINGS_COPY_ROW, TOPIC_ROW } from "./topics";

/**
 * How a writer says what it wrote (ADR 0021). `publicTopicChanged(trx, topic)`
 * is a declaration: it writes nothing where it is called. At the end of the
 * writer's transaction (before its commit) each topic declared in it moves its
 * generation row once, so the move commits or rolls back with the write and a
 * process that stops right after the commit has still told every instance
 * (they read the rows about once a second). After the commit, this process's
 * listeners drop their copies at once: a page rendered between the write and
 * the commit would have read the old data.
 */

/** What changed in this process: the public topics, and whether the settings copy holds a changed value. */
export interface CacheChange {
  topics: readonly PublicTopic[];
  settingsCopy: boolean;
  /** Each moved row's generation as this change left it (the page cache need not drop its pages again for it). */
  generations: ReadonlyMap<number, number>;
}
type Listener = (change: CacheChange) => void;
const listeners = new Set<Listener>();

/** The rows declared in each open transaction, bumped before it commits. */
const declared = new WeakMap<object, Set<number>>();

/**
 * Declares that the current transaction changes what the public pages of
 * `topic` show. Outside a transaction (a write that committed on its own), the
 * generation moves now.
 */
export function publicTopicChanged(db: DB, topic: PublicTopic): Promise<void> {
  return rowsChanged(db, [TOPIC_ROW[topic]]);
}

/** Declares that the current transaction changes a value of the shop's settings copy (ADR 0019) that no page shows. */
export function settingsCopyChanged(db: DB): Promise<void> {
  return rowsChanged(db, [SETTINGS_COPY_ROW]);
}

/**
 * Declares that every public page may show something else (a restored backup,
 * the danger zone), and every settings copy: every topic at once. Prefer
 * publicTopicChanged, which drops only the pages that read what changed.
 */
export function markPublicPagesChanged(db: DB): Promise<void> {
  return rowsChanged(db, [EVERY_TOPIC_ROW]);
}

/** The change the moved rows stand for, as listeners are told it. */
export function changeOf(generations: ReadonlyMap<number, number>): CacheChange {
  if (generations.has(EVERY_TOPIC_ROW)) return { topics: PUBLIC_TOPICS, settingsCopy: true, generations };
  return {
    topics: PUBLIC_TOPICS.filter((topic) => generations.has(TOPIC_ROW[topic])),
    settingsCopy: generations.has(SETTINGS_COPY_ROW),
    generations,
  };
}

async function rowsChanged(db: DB, rows: readonly number[]): Promise<void> {
  const unit = currentUnitOfWork();
  if (!unit) {
    if (db.isTransaction) {
      throw new Error(
        "A cache topic changed in a transaction without hooks: open it with transaction() or writeTransaction() from ~/db/database.server",
      );
    }
    // Written on its own: already committed, so the generation moves now, then this process hears of it.
    tell(changeOf(await bump(db, rows)));
    return;
  }
  let pending = declared.get(unit);
  if (!pending) {
    const rowsOfUnit = new Set<number>();
    pending = rowsOfUnit;
    declared.set(unit, rowsOfUnit);
    let moved: ReadonlyMap<number, number> = new Map();
    beforeCommit(async () => void (moved = await bump(db, [...rowsOfUnit])));
    afterCommit(() => tell(changeOf(moved)));
  }
  for (const row of rows) pending.add(row);
}

function tell(change: CacheChange): void {
  for (const listener of listeners) listener(change);
}

/**
 * One statement per row on both databases, in the order of the rows' ids (two
 * transactions never wait for each other's rows in opposite orders); a row is
 * made by its first bump (row 1 by migration 0021).
 */
async function bump(db: DB, rows: readonly number[]): Promise<Map<number, number>> {
  const moved = new Map<number, number>();
  for (const id of [...new Set(rows)].sort((a, b) => a - b)) {
    const row = await db
      .insertInto("public_pages_generation")
      .values({ id, generation: 1 })
      .onConflict((oc) =>
        oc.column("id").doUpdateSet({ generation: sql<number>`public_pages_generation.generation + 1` }),
      )
      .returning("generation")
      .executeTakeFirstOrThrow();
    moved.set(id, Number(row.generation));
  }
  return moved;
}

/** Each row's generation (row 1: every topic; the others: TOPIC_ROW, SETTINGS_COPY_ROW); a row not made yet reads as 0. */
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

/** Runs `listener` once a change this process made committed; returns the unsubscribe. */
export function onPublicPagesChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
