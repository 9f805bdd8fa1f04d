import { chownSync } from "node:fs";
import { dirname } from "node:path";
import { type DatabaseHandle, type DatabaseTarget, openDatabase } from "~/db/database.server";
import { listPlans } from "~/domain/plans/plans.server";
import type { TestDatabase } from "./databases";
import { type ServerProcess, spawnServer } from "./server-process";
import { TEST_ADMIN } from "./test-accounts";

/**
 * One test shop: the production server (`npm run build`) on a fresh migrated
 * database of the given engine, the operator signed in, and the controls a
 * test needs instead of waiting: the background jobs' turn (`runJobs`) and the
 * simulated panel's clock (`advancePanel`). Used by integration and end-to-end
 * files alike, so it depends on neither Vitest nor Playwright.
 */
export interface TestShopOptions {
  /** The database engine: one of `testDatabases()`, or `sqliteDatabase` in end-to-end files. */
  engine: TestDatabase;
  /** The server's environment, over the defaults (see `startTestShop`). */
  env?: Record<string, string>;
  /** Run the demo SMM panel simulator beside the shop, its settings pointing at it. */
  simulator?: boolean;
  /** The admin made at start-up and signed in; `false` for a shop with no admin yet (first-run setup). */
  admin?: { username: string; password: string } | false;
  /** Sign the admin in over HTTP for `cookie` (default); `false` leaves the sign-ins, and their audit, to the test. */
  signIn?: boolean;
  /**
   * The background jobs: "asked" (default) run only when the test calls `runJobs`; "running" run on
   * their own as well (their intervals in `env`); "off" do not exist, as in an instance with JOBS_ENABLED=false.
   */
  jobs?: "asked" | "running" | "off";
  /** Runs on the migrated, still empty database before the server starts (settings it must read at start). */
  prepare?: (db: DatabaseHandle) => Promise<void>;
  /** Runs the server as this user, as a service's own user on a server; a SQLite database's folder is handed to it. */
  user?: { uid: number; gid: number };
}

export interface TestShop {
  url: string;
  server: ServerProcess;
  /** The shop's database, opened beside the server (after it migrated and seeded it). */
  db: DatabaseHandle;
  target: DatabaseTarget;
  /** The SQLite file, for end-to-end files that read it directly; null on PostgreSQL. */
  dbFile: string | null;
  admin: { username: string; password: string } | null;
  /** The operator's session cookie, "admin_session=…" ("" without an admin). */
  cookie: string;
  /** The enabled plans' ids by plan name (the demo catalogue, as seeded), as /api/plans lists them. */
  planIds: Record<string, number>;
  /** The panel simulator's base URL, or null without one. */
  simulatorUrl: string | null;
  /** Runs every background job once now and resolves when they have finished (the server's job control). */
  runJobs(): Promise<void>;
  /** Moves the simulated panel's clock forward: its orders progress as if that much time had passed. */
  advancePanel(ms: number): Promise<void>;
  /**
   * The panel status checks (orders' and refills') all come due now, as if their wait had passed, and
   * the jobs take one turn: what the status sync would learn on its own a few intervals later.
   */
  syncPanelNow(): Promise<void>;
  /**
   * Another instance of this shop on its database, as a second server or the next release would run
   * it: the same environment, `env` over it. Stopped with the shop. On SQLite, two instances must not
   * write at once: a transaction that has read and then writes beside the other process's write fails
   * at once with "database is locked", whatever busy_timeout says; start them one after another, jobs asked.
   */
  startAnother(env?: Record<string, string>): Promise<ServerProcess>;
  /** Stops the server and starts it again on the same database, as a restart does: `server` and `url` are then the new one's. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export { TEST_ADMIN };

/**
 * Starts a shop. Defaults: the admin `TEST_ADMIN`, signed in; background jobs
 * that run only when the test calls `runJobs`; no order rate limit; the
 * production build in BUILD_DIR.
 */
/** SHUTDOWN_TIMEOUT_MS as shipped (deploy/shop.env.example), for tests of a stop with requests in flight. */
export const SHIPPED_SHUTDOWN_TIMEOUT = { SHUTDOWN_TIMEOUT_MS: "4000" } as const;

export async function startTestShop(options: TestShopOptions): Promise<TestShop> {
  const admin = options.admin === false ? null : (options.admin ?? TEST_ADMIN);
  const jobs = options.jobs ?? "asked";
  const created = await options.engine.createMigrated();
  const target: DatabaseTarget =
    created.target.kind === "postgres" ? { ...created.target, poolSize: 2 } : created.target;
  const serverEnv: Record<string, string> = {
    DATABASE_URL: target.kind === "postgres" ? target.url : `file:${target.file}`,
    JOBS_ENABLED: String(jobs === "running"),
    JOB_CONTROL_PORT: jobs === "off" ? "" : "0",
    ORDER_RATE_LIMIT_PER_MINUTE: "1000000",
    LOG_LEVEL: "info",
    BUILD_DIR: process.env.BUILD_DIR ?? "build",
    // A stop leaves a proxy's kept-alive connections for the proxy to close (server/handover.ts); here the
    // "proxy" is the test's own fetch, which never does, so each stop would wait the whole 4 s default.
    // Tests of the stop itself set the shipped value (SHIPPED_SHUTDOWN_TIMEOUT).
    SHUTDOWN_TIMEOUT_MS: "500",
    ...(admin ? { ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password } : {}),
    ...(options.simulator ? { PANEL_SIMULATOR: "true", PANEL_SIMULATOR_PORT: "0" } : {}),
    ...options.env,
  };
  const spawn = (env: Record<string, string>) => spawnServer(env, undefined, options.user);
  let server: ServerProcess;
  try {
    if (options.user && target.kind === "sqlite") {
      for (const path of [dirname(target.file), target.file]) chownSync(path, options.user.uid, options.user.gid);
    }
    if (options.prepare) {
      const early = openDatabase(target);
      try {
        await options.prepare(early);
      } finally {
        await early.close();
      }
    }
    server = await spawn(serverEnv);
  } catch (error) {
    await created.drop();
    throw error;
  }
  const others: ServerProcess[] = [];
  const output = server.output();
  const simulatorUrl = options.simulator ? (/"url":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(output)?.[1] ?? null) : null;
  const db = openDatabase(target);

  const shop: TestShop = {
    url: server.url,
    server,
    db,
    target,
    dbFile: target.kind === "sqlite" ? target.file : null,
    admin,
    cookie: "",
    planIds: {},
    simulatorUrl,
    runJobs: () => runJobs(shop.server),
    async advancePanel(ms) {
      if (!simulatorUrl) throw new Error("this shop has no panel simulator (simulator: true)");
      const res = await fetch(`${simulatorUrl}/simulator/advance`, {
        method: "POST",
        body: new URLSearchParams({ ms: String(ms) }),
      });
      if (!res.ok) throw new Error(`advancing the panel answered ${res.status}`);
    },
    async syncPanelNow() {
      const due = Date.now() - 1;
      await db.db
        .updateTable("orders")
        .set({ panel_next_sync_at: due })
        .where("panel_next_sync_at", ">", due)
        .execute();
      await db.db
        .updateTable("order_panel_requests")
        .set({ next_sync_at: due })
        .where("next_sync_at", ">", due)
        .execute();
      await runJobs(shop.server);
    },
    async startAnother(env = {}) {
      const other = await spawn({ ...serverEnv, ...env });
      others.push(other);
      return other;
    },
    async restart() {
      await shop.server.stop();
      shop.server = await spawn(serverEnv);
      shop.url = shop.server.url;
    },
    async stop() {
      for (const other of others) await other.stop();
      await shop.server.stop();
      await db.close();
      await created.drop();
    },
  };
  try {
    if (admin && options.signIn !== false) shop.cookie = await signIn(shop.url, admin.username, admin.password);
    shop.planIds = Object.fromEntries(
      (await listPlans(db.db, { enabledOnly: true })).map((plan) => [plan.name, plan.id]),
    );
  } catch (error) {
    await shop.stop();
    throw error;
  }
  return shop;
}

/**
 * Runs every background job of a server started with JOB_CONTROL_PORT once now, and
 * resolves when they have finished (server/job-control.ts).
 */
export async function runJobs(server: ServerProcess): Promise<void> {
  const control = /"jobControl":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(server.output())?.[1];
  if (!control) throw new Error("this server has no job control (JOB_CONTROL_PORT)");
  const res = await fetch(`${control}/jobs/run`, { method: "POST" });
  if (res.status !== 204) throw new Error(`running the jobs answered ${res.status}`);
}

/**
 * What a test waits for the background jobs to do, it asks them to do now: runs every job of the
 * server (started with JOB_CONTROL_PORT, and JOBS_ENABLED=false so they run only when asked) one turn
 * at a time until `check` holds, at most `turns` turns. Returns what `check` returned.
 */
export async function afterJobs<T>(
  server: ServerProcess,
  what: string,
  check: () => Promise<T | undefined | false> | T | undefined | false,
  turns = 20,
): Promise<T> {
  for (let turn = 0; ; turn++) {
    const value = await check();
    if (value) return value;
    if (turn === turns) throw new Error(`${what}: still not so after ${turns} turns of the jobs`);
    await runJobs(server);
  }
}

/** Signs in over HTTP as a browser without JavaScript would; returns the session cookie. */
export async function signIn(url: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${url}/admin/login`, {
    method: "POST",
    body: new URLSearchParams({ username, password }),
    redirect: "manual",
  });
  const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0]!;
  if (!/^admin_session=.+/.test(cookie)) throw new Error(`sign-in answered ${res.status} with no session`);
  return cookie;
}
