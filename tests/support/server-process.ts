import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";

/** The production starter, as `npm start` runs it: it loads the build in BUILD_DIR (`npm run build`). */
export function serverEntry(): string {
  return fileURLToPath(new URL("../../server.js", import.meta.url));
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output: () => string;
  /** Sends a signal and resolves with the exit code and how long the exit took. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; ms: number }>;
}

/** Runs the real server entry (production build) as a child process on a free port. */
export async function spawnServer(
  env: Record<string, string>,
  timeoutMs = 30_000,
  /** Another user to run as (the service's user on a server), and another entry (a release folder's server.js). */
  options: { uid?: number; gid?: number; entry?: string; cwd?: string } = {},
): Promise<ServerProcess> {
  const { entry = serverEntry(), ...spawnOptions } = options;
  const child = spawn(process.execPath, [entry], {
    env: { ...process.env, NODE_ENV: "production", PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    ...spawnOptions,
  });
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (out += d));

  const url = await new Promise<string>((resolve, reject) => {
    // A server that never said it listens is killed, not left running after the test that gave up on it.
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`server did not start:\n${out}`));
    }, timeoutMs);
    const check = () => {
      const match = /shop listening on (http:\/\/[^\s"]+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!.replace("localhost", "127.0.0.1"));
      }
    };
    child.stdout.on("data", check);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });

  return {
    url,
    child,
    output: () => out,
    async stop(signal = "SIGTERM") {
      const started = Date.now();
      // A child killed by a signal has no exit code, only its signal.
      if (child.exitCode !== null || child.signalCode !== null) return { code: child.exitCode, ms: 0 };
      const exited = once(child, "exit");
      child.kill(signal);
      const [code] = (await exited) as [number | null];
      return { code, ms: Date.now() - started };
    },
  };
}

/** Runs the server entry expecting it to stop by itself (for bad configuration, or another Node.js). */
export async function runServerExpectingExit(env: Record<string, string>, node = process.execPath) {
  const child = spawn(node, [serverEntry()], {
    env: { ...process.env, NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (out += d));
  const [code] = (await once(child, "exit")) as [number | null];
  return { code, output: out };
}
