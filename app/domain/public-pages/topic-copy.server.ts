import type { DB } from "~/db/database.server";
import { onPublicPagesChanged, readPublicPagesGenerations } from "./changes.server";
import { EVERY_TOPIC_ROW } from "./topics";

/** An instance's copy of data that only changes when one of its topics is bumped. */
export interface TopicCopy<T> {
  get(): Promise<T>;
  /** Forgets this instance's copy. */
  clear(): void;
}

/**
 * Keeps `read`'s answer while none of its generation rows moved (ADR 0052), as the page
 * cache keeps pages (ADR 0021): a bump in this process drops the copy at once,
 * and for the next `checkEveryMs` every read checks the topics' generations
 * (one primary-key read) before it trusts a copy, so the bump's transaction is
 * seen the moment it commits; a bump by another instance moves the generation
 * in the database, which the copy checks at most every `checkEveryMs`. The
 * generation is read before the data, so a copy is never newer than its
 * generation says and a change is never missed. Only for data every writer
 * of which moves one of those rows.
 */
export function createTopicCopy<T>(
  db: DB,
  /** The generation rows (topics.ts) whose move drops the copy; the every-topic row always does. */
  generationRows: readonly number[],
  read: (db: DB) => Promise<T>,
  checkEveryMs = 1_000,
  clock = Date.now,
): TopicCopy<T> {
  type Copy = { value: Promise<T>; generation: Promise<string>; checkedAt: number };
  const rows = [EVERY_TOPIC_ROW, ...generationRows];
  const generation = async () => {
    const generations = await readPublicPagesGenerations(db);
    return rows.map((row) => generations.get(row) ?? 0).join(":");
  };
  let copy: Copy | null = null;
  /** Until when every read checks the generations (a bump in this process may not have committed yet). */
  let doubtfulUntil = -Infinity;
  const fresh = (): Copy => {
    const known = generation();
    const value = known.then(() => read(db));
    const made: Copy = { value, generation: known, checkedAt: clock() };
    const forget = () => {
      if (copy === made) copy = null;
    };
    value.catch(forget);
    known.catch(forget);
    return made;
  };
  onPublicPagesChanged((change) => {
    if (!rows.some((row) => change.generations.has(row))) return;
    copy = null;
    doubtfulUntil = clock() + checkEveryMs;
  });
  return {
    get() {
      const now = clock();
      const known = copy;
      if (known && now - known.checkedAt < checkEveryMs && now >= doubtfulUntil) return known.value;
      if (!known) {
        copy = fresh();
        return copy.value;
      }
      known.checkedAt = now;
      return Promise.all([known.generation, generation()]).then(([had, has]) => {
        if (had === has) return known.value;
        if (copy === known || copy === null) copy = fresh();
        return copy.value;
      });
    },
    clear() {
      copy = null;
    },
  };
}
