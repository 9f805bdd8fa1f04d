import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { afterCommit } from "~/db/after-commit.server";
import { type DatabaseHandle, openDatabase, transaction, writeTransaction } from "~/db/database.server";
import {
  type CacheChange,
  markPublicPagesChanged,
  onPublicPagesChanged,
  publicTopicChanged,
  readPublicPagesGenerations,
  settingsCopyChanged,
} from "./changes.server";
import { EVERY_TOPIC_ROW, PUBLIC_TOPICS, SETTINGS_COPY_ROW, TOPIC_ROW } from "./topics";

describe("a writer declares the topics it writes (ADR 0021)", () => {
  let dir: string;
  let handle: DatabaseHandle;
  let told: CacheChange[];
  let unsubscribe: () => void;
  const generation = async (row: number, db = handle.db) => (await readPublicPagesGenerations(db)).get(row) ?? 0;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), "topics-"));
    handle = openDatabase({ kind: "sqlite", file: join(dir, "shop.db") });
    await sql`create table public_pages_generation (id integer primary key, generation integer not null)`.execute(
      handle.db,
    );
    await sql`create table plans (id integer primary key, name text not null)`.execute(handle.db);
    told = [];
    unsubscribe = onPublicPagesChanged((change) => told.push(change));
  });

  afterEach(async () => {
    unsubscribe();
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("moves each declared row once, at the end of the transaction, and tells this process after the commit", async () => {
    await transaction(handle.db, async (trx) => {
      await sql`insert into plans (id, name) values (1, 'Starter')`.execute(trx);
      await publicTopicChanged(trx, "plans");
      await publicTopicChanged(trx, "plans");
      await settingsCopyChanged(trx);
      // Declared, not written: the rows move only once the body is done.
      expect(await generation(TOPIC_ROW.plans, trx)).toBe(0);
      expect(told).toEqual([]);
    });
    expect(await generation(TOPIC_ROW.plans)).toBe(1);
    expect(await generation(SETTINGS_COPY_ROW)).toBe(1);
    expect(await generation(TOPIC_ROW.settings)).toBe(0);
    expect(told).toEqual([
      {
        topics: ["plans"],
        settingsCopy: true,
        generations: new Map([
          [TOPIC_ROW.plans, 1],
          [SETTINGS_COPY_ROW, 1],
        ]),
      },
    ]);
  });

  it("commits the move with the write: it is stored before any work after the commit runs", async () => {
    let seenAfterCommit = -1;
    await writeTransaction(handle.db, async (trx) => {
      // A process that stopped right after the commit would have run none of this; the row moved anyway.
      afterCommit(async () => void (seenAfterCommit = await generation(TOPIC_ROW.orders)));
      await publicTopicChanged(trx, "orders");
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(seenAfterCommit).toBe(1);
  });

  it("moves nothing and tells nobody when the transaction rolls back", async () => {
    await expect(
      transaction(handle.db, async (trx) => {
        await sql`insert into plans (id, name) values (2, 'Gone')`.execute(trx);
        await publicTopicChanged(trx, "proof");
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    expect(await generation(TOPIC_ROW.proof)).toBe(0);
    expect(told).toEqual([]);
  });

  it("moves the row at once for a write that committed on its own, and every topic for a restore", async () => {
    await publicTopicChanged(handle.db, "settings");
    expect(await generation(TOPIC_ROW.settings)).toBe(1);
    await markPublicPagesChanged(handle.db);
    expect(await generation(EVERY_TOPIC_ROW)).toBe(1);
    expect(told).toEqual([
      { topics: ["settings"], settingsCopy: false, generations: new Map([[TOPIC_ROW.settings, 1]]) },
      { topics: PUBLIC_TOPICS, settingsCopy: true, generations: new Map([[EVERY_TOPIC_ROW, 1]]) },
    ]);
  });

  it("refuses a declaration in a transaction that runs no hooks", async () => {
    await expect(handle.db.transaction().execute((trx) => publicTopicChanged(trx, "plans"))).rejects.toThrow(
      /transaction\(\) or writeTransaction\(\)/,
    );
  });
});
