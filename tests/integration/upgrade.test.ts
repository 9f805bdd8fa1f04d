import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { Agent, request } from "node:https";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import SQLite from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { startCaddyProxy } from "../support/caddy-proxy";
import type { TlsProxy } from "../support/tls-proxy";

/**
 * Upgrades without a failed request (issue 52, point 5), as docs/deploy.md
 * has the owner do them: releases in folders of their own under a root, the
 * service started from `current` by a supervisor that keeps the listening
 * socket as systemd does (systemd-socket-activate holds it; a loop restarts the
 * shop as Restart= would), Caddy in front with deploy/Caddyfile. Buyers place
 * orders at 10 a second through Caddy while `npm run upgrade` backs up, copies
 * the new release, migrates, switches and restarts, and while `npm run
 * rollback` goes back: every order is answered 201 Created and is in the database.
 */

const repo = fileURLToPath(new URL("../..", import.meta.url));
const RELEASE_FILES = [
  "server.js",
  "package.json",
  "package-lock.json",
  "tsconfig.json",
  "app",
  "server",
  "scripts",
  "content",
  "public",
  "build",
];

let dir: string;
let supervisor: ChildProcess | undefined;
let caddy: TlsProxy | undefined;

afterAll(async () => {
  if (dir) writeFileSync(join(dir, "state", "stop"), "");
  const pid = existsSync(join(dir, "state", "child.pid"))
    ? Number(readFileSync(join(dir, "state", "child.pid"), "utf8"))
    : 0;
  if (pid) process.kill(pid, "SIGTERM");
  if (supervisor && supervisor.exitCode === null) {
    supervisor.kill("SIGTERM");
    await once(supervisor, "exit");
  }
  await caddy?.stop();
  rmSync(dir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((done) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
  });
}

/** A release folder as a git checkout with packages and a build would be (packages shared with this checkout). */
function makeSource(to: string, marker: string) {
  mkdirSync(to, { recursive: true });
  for (const f of RELEASE_FILES) cpSync(join(repo, f), join(to, f), { recursive: true });
  writeFileSync(join(to, "build", "client", "release.txt"), marker);
}

function runIn(cwd: string, script: string, args: string[], env: Record<string, string>) {
  const child = spawn(
    process.execPath,
    [join(cwd, "node_modules", "tsx", "dist", "cli.mjs"), `scripts/${script}`, ...args],
    {
      cwd,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  return once(child, "exit").then(([code]) => ({ code: code as number | null, output }));
}

describe("an upgrade and a rollback behind Caddy", () => {
  it("answer every order placed at 10 a second while they run, and lose none", async () => {
    dir = mkdtempSync(join(tmpdir(), "upgrade-"));
    const root = join(dir, "opt");
    const state = join(dir, "state");
    mkdirSync(join(root, "releases"), { recursive: true });
    mkdirSync(state);
    const first = join(root, "releases", "20260101T000000Z-first");
    makeSource(first, "first");
    symlinkSync(join(repo, "node_modules"), join(first, "node_modules"));
    symlinkSync("releases/20260101T000000Z-first", join(root, "current"));
    const next = join(dir, "next-source");
    makeSource(next, "next");

    const port = await freePort();
    const envFile = join(dir, "shop.env");
    const shopEnv: Record<string, string> = {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      TRUST_PROXY: "1",
      DATABASE_URL: `file:${join(state, "shop.db")}`,
      BACKUP_DIR: join(state, "backups"),
      SEED_DEMO_DATA: "true",
      PANEL_SIMULATOR: "true",
      PANEL_SIMULATOR_PORT: "0",
      ORDER_RATE_LIMIT_PER_MINUTE: "1000000",
      LOG_LEVEL: "warn",
      JOBS_ENABLED: "false",
    };
    writeFileSync(
      envFile,
      Object.entries(shopEnv)
        .map(([k, v]) => `${k}=${v}`)
        .join("\n") + "\n",
    );

    // The supervisor: systemd-socket-activate holds 127.0.0.1:<port> (boostkaro.socket) and execs a loop that
    // starts the shop from `current` with the socket (LISTEN_FDS), again each time it exits (Restart=).
    const loop = join(dir, "supervisor.sh");
    writeFileSync(
      loop,
      `#!/bin/bash
set -a; . ${envFile}; set +a
unset LISTEN_PID LISTEN_FDS LISTEN_FDNAMES
while [ ! -e ${state}/stop ]; do
  cd ${root}/current
  sh -c 'export LISTEN_FDS=1 LISTEN_PID=$$; exec "$0" ${root}/current/server.js' ${process.execPath} >> ${state}/shop.log 2>&1 &
  child=$!
  echo $child > ${state}/child.pid
  wait $child
done
`,
    );
    supervisor = spawn(
      "systemd-socket-activate",
      ["-l", `127.0.0.1:${port}`, "-E", `PATH=${process.env.PATH}`, "bash", loop],
      {
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let supervisorOut = "";
    supervisor.stdout!.on("data", (d) => (supervisorOut += d));
    supervisor.stderr!.on("data", (d) => (supervisorOut += d));
    caddy = await startCaddyProxy(dir, `http://127.0.0.1:${port}`);
    const restart = `kill -TERM $(cat ${state}/child.pid)`;

    // The first connection starts the shop (systemd-socket-activate waits for one).
    const ready = async (release: string) => {
      for (let i = 0; i < 120; i++) {
        const body = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(2_000) })
          .then((r) => r.json() as Promise<{ release?: string }>)
          .catch(() => null);
        if (body?.release === release) return;
        await new Promise((r) => setTimeout(r, 250));
      }
      const log = existsSync(join(state, "shop.log")) ? readFileSync(join(state, "shop.log"), "utf8") : "(no log)";
      throw new Error(`release ${release} never answered:\n${log}\n${supervisorOut}`);
    };
    await ready("20260101T000000Z-first");
    const db = new SQLite(join(state, "shop.db"), { readonly: true });
    const plan = db
      .prepare(
        "select id from plans where is_enabled = 1 and service_type = 'followers' and custom_comments = 0 order by id limit 1",
      )
      .get() as { id: number };

    // Buyers, through Caddy, 10 orders a second.
    const agent = new Agent({ keepAlive: true, ca: readFileSync(caddy.certFile) });
    const results: Array<{ status: number; orderId: string | null; error?: string }> = [];
    let streaming = true;
    const place = (i: number) =>
      new Promise<void>((done) => {
        const body = JSON.stringify({
          planId: plan.id,
          username: `buyer_${i}`,
          customerName: `Buyer ${i}`,
          customerPhone: "9876543210",
          agreedToTerms: true,
        });
        const req = request(
          {
            host: caddy!.host,
            port: 443,
            path: "/api/create-order",
            method: "POST",
            agent,
            headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
          },
          (res) => {
            let text = "";
            res.on("data", (d) => (text += d));
            res.on("end", () => {
              let orderId: string | null = null;
              try {
                orderId = (JSON.parse(text) as { order?: { orderId?: string } }).order?.orderId ?? null;
              } catch {
                // Not JSON: counted as a failure below.
              }
              results.push({ status: res.statusCode ?? 0, orderId });
              done();
            });
          },
        );
        req.on("error", (error) => {
          results.push({ status: 0, orderId: null, error: error.message });
          done();
        });
        req.end(body);
      });
    const viaCaddy = (path: string) =>
      new Promise<string>((done, fail) => {
        request({ host: caddy!.host, port: 443, path, agent }, (res) => {
          let text = "";
          res.on("data", (d) => (text += d));
          res.on("end", () => done(text));
        })
          .on("error", fail)
          .end();
      });
    const inFlight: Promise<void>[] = [];
    // The stream runs until the rollback is done AND at least 100 orders have been placed: on a fast
    // machine the upgrade and the rollback take less than the 10 s that 100 orders at 10 a second need.
    const stream = (async () => {
      for (let i = 0; (streaming || i < 100) && i < 2000; i++) {
        inFlight.push(place(i));
        await new Promise((r) => setTimeout(r, 100));
      }
    })();

    await new Promise((r) => setTimeout(r, 1_000));
    const env = { SHOP_ENV_FILE: envFile, UPGRADE_RESTART_COMMAND: restart };
    const upgradeStarted = Date.now();
    const upgrade = await runIn(join(root, "current"), "upgrade.ts", ["--from", next, "--prebuilt"], env);
    const upgradeMs = Date.now() - upgradeStarted;
    expect(upgrade.code, upgrade.output).toBe(0);
    expect(upgrade.output).toContain("[1/6 backup]");
    expect(upgrade.output).toMatch(/Upgraded to releases\/\d{8}T\d{6}Z in/);
    const upgraded = /Upgraded to releases\/(\S+) in/.exec(upgrade.output)![1]!;
    // The new release answers; the old one is still whole (its pages' files were never deleted).
    expect(await viaCaddy("/release.txt")).toBe("next");
    expect(readFileSync(join(first, "build", "client", "release.txt"), "utf8")).toBe("first");
    await new Promise((r) => setTimeout(r, 1_000));

    const rollback = await runIn(join(root, "current"), "rollback.ts", [], env);
    expect(rollback.code, rollback.output).toBe(0);
    expect(rollback.output).toContain("Rolled back to releases/20260101T000000Z-first");
    await ready("20260101T000000Z-first");
    expect(await viaCaddy("/release.txt")).toBe("first");
    await new Promise((r) => setTimeout(r, 1_000));
    streaming = false;
    await stream;
    await Promise.all(inFlight);
    agent.destroy();

    const failed = results.filter((r) => r.status !== 201 || !r.orderId);
    console.log(
      `upgrade ${upgradeMs} ms (to ${upgraded}); orders placed ${results.length}, failed ${failed.length}: ${JSON.stringify(failed.slice(0, 5))}`,
    );
    expect(results.length).toBeGreaterThanOrEqual(100);
    expect(failed).toEqual([]);
    // None lost: every order a buyer was answered with is in the database.
    const ids = results.map((r) => r.orderId!);
    const found = db
      .prepare(`select count(*) as n from orders where order_id in (${ids.map(() => "?").join(",")})`)
      .get(...ids) as { n: number };
    expect(found.n).toBe(ids.length);
    db.close();
  }, 240_000);
});
