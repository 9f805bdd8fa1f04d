import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readlinkSync, realpathSync, renameSync, rmSync, symlinkSync } from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import type { Config } from "../app/lib/server/config.server";

/**
 * The release folders of an installed shop (docs/deploy.md, Upgrading):
 *
 *   /opt/boostkaro/releases/<time>[-<commit>]/   one per upgrade, each with its own node_modules and build
 *   /opt/boostkaro/current  -> releases/<…>       what the service runs (boostkaro.service)
 *   /opt/boostkaro/previous -> releases/<…>       what `npm run rollback` goes back to
 *
 * A new build goes into a new folder, so the running release keeps every
 * file its pages name until the switch; the switch is one rename of a link.
 */

export interface Layout {
  root: string;
  releases: string;
  current: string;
  previous: string;
  /** The release this command runs from. */
  here: string;
}

export function layoutOf(cwd = process.cwd()): Layout | null {
  const here = realpathSync(cwd);
  const releases = dirname(here);
  if (basename(releases) !== "releases") return null;
  const root = dirname(releases);
  return { root, releases, current: join(root, "current"), previous: join(root, "previous"), here };
}

export function releaseStamp(now = Date.now()): string {
  return new Date(now)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}Z$/, "Z");
}

/** The release a link points at (its folder), or null. */
export function linked(link: string): string | null {
  try {
    return realpathSync(link);
  } catch {
    return null;
  }
}

/** Points `link` at `target` in one rename: a reader sees the old release or the new one, never none. */
export function pointAt(link: string, target: string): void {
  const temp = `${link}.new-${process.pid}`;
  rmSync(temp, { force: true });
  symlinkSync(relative(dirname(link), target), temp);
  renameSync(temp, link);
}

export function log(step: string, message: string): void {
  console.log(`[${step}] ${message}`);
}

/** Runs a command, showing its output; throws when it fails. */
export function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): void {
  const result = spawnSync(command, args, { cwd, env, stdio: "inherit" });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(" ")} failed in ${cwd} (exit ${result.status ?? result.signal})`);
  }
}

/**
 * This release's tsx on this release's Node.js, to run one of its scripts (the same as `npm run <script>`
 * there): a release that moves the runtime migrates on the runtime it will run on (ADR 0034).
 */
export function runScriptIn(release: string, script: string, args: string[], env?: NodeJS.ProcessEnv): void {
  const releaseNode = join(release, "node_modules", ".bin", "node");
  run(
    existsSync(releaseNode) ? releaseNode : process.execPath,
    [join(release, "node_modules", "tsx", "dist", "cli.mjs"), join("scripts", script), ...args],
    release,
    env,
  );
}

/**
 * Restarts the service: UPGRADE_RESTART_COMMAND (run by sh), else
 * `systemctl restart boostkaro`. systemd keeps the listening socket
 * (boostkaro.socket), so no request is refused meanwhile.
 */
export function restartService(): void {
  const command = process.env.UPGRADE_RESTART_COMMAND || "systemctl restart boostkaro";
  log("restart", command);
  run("sh", ["-c", command], process.cwd());
}

/** Waits until the shop answers /readyz from `release` (the folder's name); false after `timeoutMs`. */
export async function waitForRelease(config: Config, release: string, timeoutMs = 90_000): Promise<boolean> {
  const host = config.HOST === "0.0.0.0" ? "127.0.0.1" : config.HOST;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${config.PORT}/readyz`;
  const deadline = Date.now() + timeoutMs;
  // fetch's own timers do not keep the process alive: while a connection waits in the socket's queue for the
  // starting shop, nothing else would, and a top-level await would end with exit code 13.
  const alive = setInterval(() => undefined, 1_000);
  try {
    return await poll(url, release, deadline);
  } finally {
    clearInterval(alive);
  }
}

async function poll(url: string, release: string, deadline: number): Promise<boolean> {
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      const body = (await res.json()) as { release?: string | null };
      if (body.release === release) return true;
    } catch {
      // Not answering yet: it is starting.
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  return false;
}

/** Deletes all but the newest `keep` releases, never the current or the previous one. */
export function pruneReleases(layout: Layout, keep = 3): string[] {
  const inUse = new Set([linked(layout.current), linked(layout.previous)]);
  const all = readdirSync(layout.releases)
    .filter((n) => !n.startsWith("."))
    .sort()
    .reverse();
  const removed: string[] = [];
  for (const name of all.slice(keep)) {
    const folder = join(layout.releases, name);
    if (inUse.has(folder)) continue;
    rmSync(folder, { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

/** The git commit of a folder, short, or null when it is not a git checkout. */
export function commitOf(folder: string): string | null {
  if (!existsSync(join(folder, ".git"))) return null;
  try {
    return execFileSync("git", ["-C", folder, "rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
  } catch {
    return null;
  }
}

export function linkTarget(link: string): string | null {
  try {
    return readlinkSync(link);
  } catch {
    return null;
  }
}
