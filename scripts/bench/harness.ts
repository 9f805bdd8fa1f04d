import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

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

async function waitFor(url: string, child: ChildProcess, output: () => string, timeoutMs = 30_000) {
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

function track(child: ChildProcess) {
  let out = "";
  child.stdout?.on("data", (d) => (out += d));
  child.stderr?.on("data", (d) => (out += d));
  return () => out;
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  await exited;
}

/**
 * The shop's production build as its own process, on `dbFile` or else on a
 * fresh temporary SQLite database. `env` comes last, so it overrides any of the
 * defaults below (NODE_ENV=test for a source that needs a test-only setting).
 */
export async function startShop(
  env: Record<string, string> = {},
  options: { dbFile?: string } = {},
): Promise<Process & { dbFile: string; child: ChildProcess }> {
  const buildDir = process.env.BUILD_DIR ?? "build";
  if (!existsSync(join(buildDir, "server", "index.js"))) {
    throw new Error(`no production build in ${buildDir}/: run npm run build first`);
  }
  const entry = fileURLToPath(new URL("../../server.js", import.meta.url));
  const dir = options.dbFile ? null : mkdtempSync(join(tmpdir(), "shop-bench-"));
  const dbFile = options.dbFile ?? join(dir!, "shop.db");
  const port = await freePort();
  const child = spawn(process.execPath, [entry], {
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

/** The yardstick: Node's bare http module answering one constant JSON, in its own process. */
export async function startBareServer(): Promise<Process> {
  const port = await freePort();
  const code = `
    const body = JSON.stringify({ success: true, status: "pending" });
    require("node:http").createServer((req, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
      res.end(body);
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

export function summary(label: string, r: Result): string {
  return `${label.padEnd(28)} ${Math.round(r.requests.average).toString().padStart(7)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  errors ${r.errors}  non-2xx ${r.non2xx}`;
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
