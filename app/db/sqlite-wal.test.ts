import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { WAL_HEADER_BYTES, committedFrames, parseWalHeader } from "./sqlite-wal";

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function walOf(statements: (db: SQLite.Database) => void) {
  dir = mkdtempSync(join(tmpdir(), "wal-"));
  const file = join(dir, "t.db");
  const db = new SQLite(file);
  db.pragma("journal_mode = WAL");
  db.pragma("wal_autocheckpoint = 0");
  statements(db);
  const wal = readFileSync(`${file}-wal`);
  return { db, wal };
}

describe("reading SQLite's write-ahead log", () => {
  it("finds the header and every committed frame of a real WAL, checksums and all", () => {
    const { db, wal } = walOf((d) => {
      d.exec("create table t (x text)");
      for (let i = 0; i < 5; i++) d.prepare("insert into t values (?)").run(`row ${i}`);
    });
    const header = parseWalHeader(wal)!;
    expect(header.pageSize).toBe(4096);
    const frames = committedFrames(wal.subarray(WAL_HEADER_BYTES), header, header.sums);
    // Six transactions, each ending with a commit frame: the whole file is committed.
    expect(frames.length).toBe(wal.length - WAL_HEADER_BYTES);
    expect(frames.frames).toBeGreaterThanOrEqual(6);
    db.close();
  });

  it("stops at the last commit frame before a damaged or cut-short frame", () => {
    const { db, wal } = walOf((d) => {
      d.exec("create table t (x text)");
      d.prepare("insert into t values (?)").run("kept");
      d.prepare("insert into t values (?)").run("damaged");
    });
    const header = parseWalHeader(wal)!;
    const all = committedFrames(wal.subarray(WAL_HEADER_BYTES), header, header.sums);
    const frame = 24 + header.pageSize;
    // Damage a byte in the last frame's page: only the frames before it remain.
    const damaged = Buffer.from(wal);
    damaged[damaged.length - 10]! ^= 0xff;
    const kept = committedFrames(damaged.subarray(WAL_HEADER_BYTES), header, header.sums);
    expect(kept.length).toBe(all.length - frame);
    // Cut short mid-frame: the same.
    const cut = committedFrames(wal.subarray(WAL_HEADER_BYTES, wal.length - 100), header, header.sums);
    expect(cut.length).toBe(all.length - frame);
    // Read in two pieces, the second continuing the first's checksum: the same frames.
    const first = committedFrames(wal.subarray(WAL_HEADER_BYTES, WAL_HEADER_BYTES + frame), header, header.sums);
    const rest = committedFrames(wal.subarray(WAL_HEADER_BYTES + first.length), header, first.sums);
    expect(first.length + rest.length).toBe(all.length);
    db.close();
  });

  it("is not fooled by a file that is not a WAL", () => {
    expect(parseWalHeader(Buffer.alloc(10))).toBeNull();
    expect(parseWalHeader(Buffer.alloc(64))).toBeNull();
  });
});
