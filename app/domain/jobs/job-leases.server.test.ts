import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "~/db/database.server";
import { jobLeases } from "~/db/migrations/0065_job_leases";
import { endJobRound, renewJobLease, takeJobLease } from "./job-leases.server";

/** The lease rules on a test clock (`now` is passed in): who may start a round, and when. */
describe("a job's lease", () => {
  let dir: string;
  let handle: DatabaseHandle;
  const TTL = 30_000;
  const ROUND = 5_000;
  const name = "payment jobs";

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), "job-leases-"));
    handle = openDatabase({ kind: "sqlite", file: join(dir, "shop.db") });
    await jobLeases("sqlite").up(handle.db);
  });
  afterEach(async () => {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const take = (holder: string, now: number, asked = false) =>
    takeJobLease(handle.db, { name, holder, now, ttlMs: TTL, asked });
  const end = (holder: string, now: number) => endJobRound(handle.db, { name, holder, now, roundMs: ROUND });
  const renew = (holder: string, now: number) => renewJobLease(handle.db, { name, holder, now, ttlMs: TTL });

  it("goes to one holder at a time while a round runs, and the round it ran is not run again by another", async () => {
    expect(await take("a", 1_000)).toBe(true);
    expect(await take("b", 1_001)).toBe(false); // a's round runs
    await end("a", 2_000);
    expect(await take("b", 2_001)).toBe(false); // a ran this round
    expect(await take("b", 2_000 + ROUND)).toBe(true); // the round is over and a did not take the next
    expect(await take("a", 2_000 + ROUND + 1)).toBe(false);
  });

  it("stays with the holder that keeps running it, as a single instance did", async () => {
    expect(await take("a", 0)).toBe(true);
    await end("a", 100);
    // Its next tick may come early (the schedule's jitter): still its own lease.
    expect(await take("a", 100 + 0.8 * ROUND)).toBe(true);
    expect(await take("b", 100 + 2 * ROUND)).toBe(false);
  });

  it("lapses when its holder stops renewing it (it died), and another takes the job over", async () => {
    expect(await take("a", 0)).toBe(true);
    expect(await renew("a", 20_000)).toBe(true);
    expect(await take("b", TTL + 1)).toBe(false); // renewed at 20 s: alive until 50 s
    expect(await take("b", 20_000 + TTL)).toBe(true);
    // The old holder, back from a pause, finds it lost: its renewal and its end change nothing.
    expect(await renew("a", 20_000 + TTL + 1)).toBe(false);
    await end("a", 20_000 + TTL + 2);
    expect(await take("c", 20_000 + TTL + 3, true)).toBe(false); // b's round still runs
  });

  it("asked for now (a test's runNow), runs here even though another ran this round, never beside a live round", async () => {
    expect(await take("a", 0)).toBe(true);
    expect(await take("b", 10, true)).toBe(false); // a's round runs: b waits
    await end("a", 20);
    expect(await take("b", 21, true)).toBe(true);
    expect(await take("a", 22, true)).toBe(false);
    // Its own lease never holds a holder back.
    expect(await take("b", 23, true)).toBe(true);
  });
});
