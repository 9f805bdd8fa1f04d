import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type DatabaseHandle, type DatabaseTarget, openDatabase } from "~/db/database.server";
import { type RunningJob, startRepeatingJob } from "../../server/jobs/repeating-job";
import { type TestDatabase, testDatabases } from "../support/databases";
import { createWork, doNextItem, workDone } from "../support/job-lease-work";

/**
 * Several instances on one database (issue 50, point 2): each round of a background job runs on one of
 * them, never on two at once and never twice, and when an instance dies another takes the job over
 * (app/domain/jobs/job-leases.server.ts, docs/decisions/0041-job-leases-table.md). Each "instance" here
 * is a job runner with a database connection of its own, as two shop processes have.
 */

const INTERVAL_MS = 200;
const TTL_MS = 600;
const TICK_MS = 40;
const JOB = "lease test job";

interface Run {
  runner: string;
  start: number;
  end: number;
}

async function until(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 25));
  }
}
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe.each(testDatabases())("background jobs on several instances, on $name", (kind: TestDatabase) => {
  let target: DatabaseTarget;
  let drop: () => Promise<void>;
  const handles: DatabaseHandle[] = [];
  const jobs: RunningJob[] = [];
  const children: ChildProcess[] = [];
  const errors: string[] = [];

  beforeEach(async () => {
    ({ target, drop } = await kind.createMigrated());
  });
  afterEach(async () => {
    for (const child of children.splice(0)) child.kill("SIGKILL");
    await Promise.all(jobs.splice(0).map((job) => job.stop()));
    await Promise.all(handles.splice(0).map((h) => h.close()));
    await drop();
    errors.length = 0;
  });

  function database() {
    const handle = openDatabase(target.kind === "postgres" ? { ...target, poolSize: 3 } : target);
    handles.push(handle);
    return handle.db;
  }

  /** One instance's runner of the job, as startBackgroundJobs starts each job of a shop process. */
  function instance(runner: string, runs: Run[], options: { scheduled?: boolean } = {}) {
    const db = database();
    const logger = {
      error: (_: unknown, message: string) => void errors.push(`${runner}: ${message}`),
      warn: (_: unknown, message: string) => void errors.push(`${runner}: ${message}`),
    };
    const config = { JOBS_ENABLED: options.scheduled ?? true, SHUTDOWN_TIMEOUT_MS: 2_000, JOB_LEASE_TTL_MS: TTL_MS };
    const job = startRepeatingJob({ db, config, logger } as never, JOB, INTERVAL_MS, async () => {
      const start = Date.now();
      await doNextItem(db, runner);
      await sleep(TICK_MS);
      runs.push({ runner, start, end: Date.now() });
    });
    jobs.push(job);
    return { db, job };
  }

  const neverOverlapping = (runs: Run[]) => {
    const sorted = [...runs].sort((a, b) => a.start - b.start);
    for (let i = 1; i < sorted.length; i++) expect(sorted[i]!.start).toBeGreaterThanOrEqual(sorted[i - 1]!.end);
  };

  it("runs each round on one instance: never two at once, no more often than one instance alone, each item once", async () => {
    const runs: Run[] = [];
    await createWork(database(), 1_000);
    const began = Date.now();
    const a = instance("a", runs);
    instance("b", runs);
    await sleep(2_500);
    await Promise.all(jobs.map((job) => job.stop()));
    const elapsed = Date.now() - began;

    neverOverlapping(runs);
    // One instance alone runs at most once per shortest gap (80% of the interval, jitter) after a run.
    expect(runs.length).toBeGreaterThanOrEqual(4);
    expect(runs.length).toBeLessThanOrEqual(Math.ceil(elapsed / (0.8 * INTERVAL_MS + TICK_MS)) + 1);
    const done = await workDone(a.db);
    expect(done.length).toBe(runs.length);
    expect(new Set(done.map((d) => d.item)).size).toBe(done.length);
    expect(errors).toEqual([]);
  });

  it("goes on on another instance when the one running it stops", async () => {
    const runs: Run[] = [];
    const a = instance("a", runs);
    const b = instance("b", runs);
    await createWork(a.db, 1_000);
    await until(() => runs.length >= 2, "the first rounds");
    const first = runs.at(-1)!.runner;
    const [holder, other] = first === "a" ? [a, "b"] : [b, "a"];
    await holder.job.stop();
    const stoppedAt = Date.now();
    // Its last round is over after an interval; the other's next tick takes the job.
    await until(() => runs.some((r) => r.runner === other && r.start > stoppedAt), `${other} to take the job over`);
    await until(() => runs.filter((r) => r.runner === other && r.start > stoppedAt).length >= 3, "further rounds");
    neverOverlapping(runs);
    const done = await workDone(a.db);
    expect(new Set(done.map((d) => d.item)).size).toBe(done.length);
  });

  it("runs a round asked for (a test's runNow) on the asking instance, after another's round, never beside it", async () => {
    const runs: Run[] = [];
    const a = instance("a", runs, { scheduled: false });
    const b = instance("b", runs, { scheduled: false });
    await createWork(a.db, 10);
    await Promise.all([a.job.runNow!(), b.job.runNow!(), a.job.runNow!(), b.job.runNow!()]);
    expect(runs.map((r) => r.runner).sort()).toEqual(["a", "a", "b", "b"]);
    neverOverlapping(runs);
    expect((await workDone(a.db)).map((d) => d.item)).toEqual([1, 2, 3, 4]);
  });

  it.runIf(kind.name === "postgres")(
    "finishes the work of an instance killed mid-round exactly once, on another, after its lease lapses",
    async () => {
      const runs: Run[] = [];
      const db = database();
      await createWork(db, 3);
      const child = spawn(
        process.execPath,
        ["--import", "tsx", fileURLToPath(new URL("../support/job-lease-child.ts", import.meta.url))],
        {
          env: {
            ...process.env,
            DATABASE_URL: (target as { url: string }).url,
            JOB_NAME: JOB,
            JOB_INTERVAL_MS: String(INTERVAL_MS),
            JOB_LEASE_TTL_MS: String(TTL_MS),
          },
          cwd: fileURLToPath(new URL("../..", import.meta.url)),
          stdio: ["ignore", "pipe", "pipe"],
        },
      );
      children.push(child);
      let out = "";
      child.stdout.on("data", (d) => (out += d));
      child.stderr.on("data", (d) => (out += d));
      await until(() => out.includes("mid-round"), "the child's round to start", 20_000).catch((error: Error) => {
        throw new Error(`${error.message} (exit ${child.exitCode}):\n${out}`);
      });
      expect(await workDone(db)).toEqual([{ item: 1, runner: "child" }]);

      // Another instance ticks all along: while the child lives it renews its lease, so nothing runs here,
      // even long past the lease's time to live.
      instance("survivor", runs);
      await sleep(3 * TTL_MS);
      expect(runs).toEqual([]);

      const exited = once(child, "exit");
      child.kill("SIGKILL");
      await exited;
      const killedAt = Date.now();
      await until(async () => (await workDone(db)).length === 3, "the survivor to finish the work");
      const tookOver = runs[0]!.start - killedAt;
      // Not before the lease lapsed (the child renewed it at most a third of its life before the kill)...
      expect(tookOver).toBeGreaterThanOrEqual((2 / 3) * TTL_MS - 50);
      // ...and at the survivor's next tick after that.
      expect(tookOver).toBeLessThan(TTL_MS + 1.2 * INTERVAL_MS + 1_000);
      // A few rounds more find nothing left: each item was done exactly once.
      await until(() => runs.length >= 4, "later rounds");
      expect(await workDone(db)).toEqual([
        { item: 1, runner: "child" },
        { item: 2, runner: "survivor" },
        { item: 3, runner: "survivor" },
      ]);
      expect(errors).toEqual([]);
    },
  );
});
