import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { SHOP_NODE_FLAGS } from "../runtime/node-runtime.mjs";

export interface Bench {
  name: string;
  description: string;
  /** False when a target was missed. */
  run(): Promise<boolean>;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

export async function waitFor(url: string, child: ChildProcess, output: () => string, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`process exited early:\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer:\n${output()}`);
}

export interface Process {
  url: string;
  stop(): Promise<void>;
}

export function track(child: ChildProcess) {
  let out = "";
  child.stdout?.on("data", (d) => (out += d));
  child.stderr?.on("data", (d) => (out += d));
  return () => out;
}

export async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  await exited;
}

/**
 * The shop's production build as its own process, on `dbFile` or else on a
 * fresh temporary SQLite database. `env` comes last, so it overrides any of the
 * defaults below (NODE_ENV=test for a source that needs a test-only setting). `buildDir` runs another
 * build than BUILD_DIR's (a bench comparing two builds in one run).
 */
export async function startShop(
  env: Record<string, string> = {},
  options: { dbFile?: string; buildDir?: string } = {},
): Promise<Process & { dbFile: string; child: ChildProcess }> {
  const buildDir = options.buildDir ?? process.env.BUILD_DIR ?? "build";
  if (!existsSync(join(buildDir, "server", "index.js"))) {
    throw new Error(`no production build in ${buildDir}/: run npm run build first`);
  }
  const entry = fileURLToPath(new URL("../../server.js", import.meta.url));
  const dir = options.dbFile ? null : mkdtempSync(join(tmpdir(), "shop-bench-"));
  const dbFile = options.dbFile ?? join(dir!, "shop.db");
  const port = await freePort();
  // Started as production starts it (SHOP_NODE_FLAGS). BENCH_SHOP_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"
  // profiles the shop under load (Node refuses --cpu-prof in NODE_OPTIONS).
  const nodeArgs = process.env.BENCH_SHOP_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...SHOP_NODE_FLAGS, ...nodeArgs, entry], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_URL: `file:${dbFile}`,
      BUILD_DIR: buildDir,
      LOG_LEVEL: "warn",
      JOBS_ENABLED: "false",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = track(child);
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/healthz`, child, output);
  return {
    url,
    dbFile,
    child,
    async stop() {
      await stopChild(child);
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface FixedReply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const PENDING: FixedReply = {
  status: 200,
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ success: true, status: "pending" }),
};

/**
 * The yardstick: Node's bare http module answering one constant reply from memory, in its own process
 * (a small JSON unless `reply` gives the status, headers and body to copy).
 */
export async function startBareServer(reply: FixedReply = PENDING): Promise<Process> {
  const port = await freePort();
  const code = `
    const reply = ${JSON.stringify(reply)};
    const headers = { ...reply.headers, "content-length": Buffer.byteLength(reply.body) };
    require("node:http").createServer((req, res) => {
      res.writeHead(reply.status, headers);
      res.end(reply.body);
    }).listen(${port}, "127.0.0.1");`;
  const child = spawn(process.execPath, ["-e", code], { stdio: ["ignore", "pipe", "pipe"] });
  const output = track(child);
  const url = `http://127.0.0.1:${port}`;
  await waitFor(url, child, output);
  return { url, stop: () => stopChild(child) };
}

export type Result = autocannon.Result;

export function load(options: autocannon.Options): Promise<Result> {
  return new Promise((ok, fail) => {
    autocannon(options, (error, result) =>
      error ? fail(error instanceof Error ? error : new Error(String(error))) : ok(result),
    );
  });
}

export interface Second {
  /** 1 for the run's first second. */
  second: number;
  requests: number;
  /** Latency percentiles of the responses received in that second, in ms (0.1 ms steps). */
  p50: number;
  p99: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

/**
 * `load`, plus the run cut into one-second buckets by the time each response arrived: a server's first
 * second (cold code, empty caches) shows apart from the seconds after it.
 */
export async function loadPerSecond(options: autocannon.Options): Promise<{ result: Result; seconds: Second[] }> {
  const buckets: number[][] = [];
  let start = 0;
  const result = await new Promise<Result>((ok, fail) => {
    const instance = autocannon(options, (error, r) =>
      error ? fail(error instanceof Error ? error : new Error(String(error))) : ok(r),
    );
    start = performance.now();
    instance.on("response", (_client, _status, _bytes, responseTime) => {
      const i = Math.floor((performance.now() - start) / 1000);
      (buckets[i] ??= []).push(responseTime);
    });
  });
  const seconds = Array.from(
    { length: Math.min(buckets.length, Math.ceil(Number(options.duration ?? 10))) },
    (_, i) => {
      const times = (buckets[i] ?? []).sort((a, b) => a - b);
      const ms = (p: number) => Math.round(percentile(times, p) * 10) / 10;
      return { second: i + 1, requests: times.length, p50: ms(50), p99: ms(99) };
    },
  );
  return { result, seconds };
}

export function summary(label: string, r: Result): string {
  return `${label.padEnd(28)} ${Math.round(r.requests.average).toString().padStart(7)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  errors ${r.errors}  non-2xx ${r.non2xx}`;
}

/** The process's resident memory now (VmRSS), in MB. */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

/** CPU time (user + system) the process has used so far, in ms. */
export function cpuMs(pid: number): number {
  // Fields after the command name, which is in parentheses and may hold spaces.
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** The process's peak resident memory so far (VmHWM), in MB. */
export function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

/** Signs in through the login form, as a browser would; returns the session cookie ("name=value"). */
export async function signIn(url: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${url}/admin/login`, {
    method: "POST",
    body: new URLSearchParams({ username, password }),
    redirect: "manual",
  });
  const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0]!;
  if (!cookie.startsWith("admin_session=")) throw new Error(`could not sign in as ${username}: ${res.status}`);
  return cookie;
}
