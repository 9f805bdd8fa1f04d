import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  type DB,
  type DatabaseHandle,
  groupCommitStats,
  openDatabase,
  snapshotReads,
  writeTransaction,
} from "./database.server";

describe("group commit of SQLite writes", () => {
  let dir: string;
  let file: string;
  let handle: DatabaseHandle;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), "group-commit-"));
    file = join(dir, "shop.db");
    handle = openDatabase({ kind: "sqlite", file });
    await sql`create table t (id integer primary key, label text not null unique)`.execute(handle.db);
  });

  afterEach(async () => {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const insert = (label: string) => (trx: DB) =>
    sql<{ id: number }>`insert into t (label) values (${label}) returning id`.execute(trx).then((r) => r.rows[0]!.id);

  /** What another process sees in the file: only committed rows. */
  const committedLabels = () => {
    const other = new SQLite(file, { readonly: true });
    try {
      return (other.prepare("select label from t order by label").all() as { label: string }[]).map((r) => r.label);
    } finally {
      other.close();
    }
  };

  it("commits the writes of one event-loop turn together, and answers each once the commit is on disk", async () => {
    const seenByOthers: string[][] = [];
    const writes = ["a", "b", "c"].map((label) =>
      writeTransaction(handle.db, insert(label)).then((id) => {
        seenByOthers.push(committedLabels());
        return id;
      }),
    );
    expect(committedLabels()).toEqual([]);
    expect(await Promise.all(writes)).toEqual([1, 2, 3]);
    // Every caller was answered after the commit: another process already saw all three.
    expect(seenByOthers).toEqual([
      ["a", "b", "c"],
      ["a", "b", "c"],
      ["a", "b", "c"],
    ]);
    expect(groupCommitStats(handle.db)).toEqual({ batches: 1, writes: 3, largest: 3, isolatedRuns: 0 });
  });

  it("rolls back a write that fails alone: the others are committed and answered", async () => {
    await writeTransaction(handle.db, insert("taken"));
    const results = await Promise.allSettled([
      writeTransaction(handle.db, insert("first")),
      writeTransaction(handle.db, async (trx) => {
        await insert("half-done")(trx);
        await insert("taken")(trx); // unique violation after a write of its own
      }),
      writeTransaction(handle.db, () => Promise.reject(new Error("refused by a rule"))),
      writeTransaction(handle.db, insert("last")),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "rejected", "fulfilled"]);
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/UNIQUE constraint failed/);
    expect(String((results[2] as PromiseRejectedResult).reason)).toMatch(/refused by a rule/);
    expect(committedLabels()).toEqual(["first", "last", "taken"]);
    expect(groupCommitStats(handle.db)).toMatchObject({ batches: 2, writes: 5 });
  });

  it("tells every caller when the commit itself fails, and stores nothing of the batch", async () => {
    // A deferred foreign key is checked only at COMMIT, so one write makes the whole commit fail.
    await sql`create table child (id integer primary key,
      parent integer references t (id) deferrable initially deferred)`.execute(handle.db);
    const results = await Promise.allSettled([
      writeTransaction(handle.db, insert("kept back")),
      writeTransaction(handle.db, (trx) => sql`insert into child (parent) values (999)`.execute(trx)),
    ]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect(String((results[0] as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY constraint failed/);
    expect(committedLabels()).toEqual([]);
    // The connection is usable again.
    expect(await writeTransaction(handle.db, insert("after"))).toBeGreaterThan(0);
    expect(committedLabels()).toEqual(["after"]);
  });

  it("keeps the snapshot reads' promise: an acknowledged write is read in the same event-loop turn", async () => {
    const labelOf = (id: number) =>
      snapshotReads(handle.db)!.first(sql<{ label: string }>`select label from t where id = ${id}`.compile(handle.db))
        ?.label;
    const id = await writeTransaction(handle.db, async (trx) => {
      const made = await insert("polled")(trx);
      // A poll while the batch is open reads from before it.
      expect(labelOf(made)).toBeUndefined();
      return made;
    });
    expect(labelOf(id)).toBe("polled");
  });

  it("gathers the writes that arrive while a batch runs into the next one", async () => {
    let second: Promise<number> | undefined;
    const first = writeTransaction(handle.db, async (trx) => {
      second = writeTransaction(handle.db, insert("while running"));
      return insert("running")(trx);
    });
    await first;
    expect(committedLabels()).toEqual(["running"]);
    await second;
    expect(committedLabels()).toEqual(["running", "while running"]);
    expect(groupCommitStats(handle.db)).toMatchObject({ batches: 2, writes: 2 });
  });

  it("answers a large batch a few callers at a time, so a poll waiting on the event loop is not held behind them all", async () => {
    const seen: string[] = [];
    const writes = Array.from({ length: 40 }, (_, i) =>
      writeTransaction(handle.db, insert(`order ${i}`)).then(() => seen.push("answer")),
    );
    let done = false;
    const otherWork = () => {
      seen.push("other");
      if (!done) setImmediate(otherWork);
    };
    setImmediate(otherWork);
    await Promise.all(writes);
    done = true;
    expect(groupCommitStats(handle.db)).toMatchObject({ batches: 1, writes: 40 });
    const first = seen.indexOf("answer");
    const last = seen.lastIndexOf("answer");
    expect(seen.slice(first, last).filter((entry) => entry === "other").length).toBeGreaterThanOrEqual(2);
  });

  it("finishes queued writes before the database closes", async () => {
    const pending = writeTransaction(handle.db, insert("at shutdown"));
    await handle.close();
    expect(await pending).toBe(1);
    expect(committedLabels()).toEqual(["at shutdown"]);
    handle = openDatabase({ kind: "sqlite", file });
  });
});
