import { execFileSync } from "node:child_process";
import { cpSync, existsSync, readFileSync, renameSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { describeTarget, loadConfigOrExit } from "./cli";
import {
  commitOf,
  layoutOf,
  linked,
  log,
  pointAt,
  pruneReleases,
  releaseStamp,
  restartService,
  run,
  runScriptIn,
  waitForRelease,
} from "./releases";

/**
 * npm run upgrade [-- --from <git URL or folder>] [--ref <branch or tag>] [--prebuilt]
 *
 * One command from the release in use (cd /opt/boostkaro/current): a backup,
 * the new code in a release folder of its own, its packages and build, the
 * migrations (they only add: the running release works on them), the switch
 * of `current`, a restart (systemd keeps the socket: no request fails) and a
 * wait for the new release to answer; if it does not, the previous one is put
 * back. docs/deploy.md, Upgrading.
 *
 *   --from      where the code comes from: by default this release's git origin
 *   --ref       what to check out: by default this release's branch
 *   --prebuilt  the folder already holds a build (npm run build on a bigger machine)
 */
const { values } = parseArgs({
  options: {
    from: { type: "string" },
    ref: { type: "string" },
    prebuilt: { type: "boolean", default: false },
  },
});

const layout = layoutOf();
if (!layout) {
  console.error(
    "Run this from the release in use: cd /opt/boostkaro/current && npm run upgrade (the release folders: docs/deploy.md, Upgrading).",
  );
  process.exit(2);
}
const config = loadConfigOrExit();
console.log(describeTarget(config));
const started = Date.now();
const env = { ...process.env };

// 1. A backup of the database the service uses, through the CLI's own checks.
if (config.database.kind === "sqlite") {
  log("1/6 backup", "a whole-database backup, copied off the machine when a bucket is set");
  runScriptIn(layout.here, "backup.ts", ["now"], env);
} else {
  log("1/6 backup", "PostgreSQL: take your provider's snapshot or a pg_dump now if you have not (docs/deploy.md)");
}

// 2. The new code, in a folder of its own.
const git = !values.from || existsSync(join(values.from, ".git")) || /^(https?|ssh|git):|@/.test(values.from);
const source =
  values.from ??
  (existsSync(join(layout.here, ".git")) ? execOut("git", ["-C", layout.here, "remote", "get-url", "origin"]) : null);
if (!source) {
  console.error("This release is not a git checkout: say where the new code is with --from <git URL or folder>.");
  process.exit(2);
}
const work = join(layout.releases, `.incoming-${process.pid}`);
if (git) {
  const ref =
    values.ref ??
    (existsSync(join(layout.here, ".git"))
      ? execOut("git", ["-C", layout.here, "rev-parse", "--abbrev-ref", "HEAD"])
      : "main");
  log("2/6 fetch", `${source} (${ref})`);
  run("git", ["clone", "--quiet", "--depth", "1", "--branch", ref, source, work], layout.releases);
} else {
  log("2/6 fetch", `copying ${resolve(source)}`);
  cpSync(resolve(source), work, {
    recursive: true,
    verbatimSymlinks: true,
    filter: (path) => !/\/(node_modules|\.git|data)(\/|$)/.test(path.slice(resolve(source).length)),
  });
}
const name = `${releaseStamp(started)}${commitOf(work) ? `-${commitOf(work)}` : ""}`;
const release = join(layout.releases, name);
renameSync(work, release);

// 3. Packages: the same lockfile as the release in use is the same packages (hard links, seconds); else npm ci.
const sameLock =
  existsSync(join(layout.here, "package-lock.json")) &&
  readFileSync(join(release, "package-lock.json"), "utf8") ===
    readFileSync(join(layout.here, "package-lock.json"), "utf8");
if (sameLock) {
  log("3/6 packages", "the same lockfile: the release in use's packages, hard-linked");
  run("cp", ["-al", join(layout.here, "node_modules"), join(release, "node_modules")], layout.releases);
} else {
  log("3/6 packages", "npm ci");
  run("npm", ["ci", "--no-audit", "--no-fund"], release);
}

// 4. The build, in the new folder: the running release keeps its own.
if (values.prebuilt) {
  if (!existsSync(join(release, "build", "server", "index.js"))) {
    console.error(`--prebuilt, but ${release} holds no build (build/server/index.js).`);
    process.exit(1);
  }
  log("4/6 build", "prebuilt");
} else {
  log("4/6 build", "npm run build");
  run("npm", ["run", "build"], release);
}

// 5. Migrations, by the new release, on the database in use (they only add: the old release runs on).
log("5/6 migrate", "the new release's migrations");
runScriptIn(release, "db-migrate.ts", [], env);

// 6. The switch: previous -> the release in use, current -> the new one, then the restart.
const before = linked(layout.current) ?? layout.here;
pointAt(layout.previous, before);
pointAt(layout.current, release);
log("6/6 switch", `current -> releases/${name}`);
restartService();
if (!(await waitForRelease(config, name))) {
  console.error(`releases/${name} did not answer within 90 s: going back to ${before}.`);
  pointAt(layout.current, before);
  restartService();
  process.exit(1);
}
const removed = pruneReleases({ ...layout, here: release });
console.log(
  `Upgraded to releases/${name} in ${((Date.now() - started) / 1000).toFixed(1)} s.${removed.length ? ` Removed old releases: ${removed.join(", ")}.` : ""} npm run rollback goes back to ${before}.`,
);

function execOut(command: string, args: string[]): string {
  return execFileSync(command, args, { encoding: "utf8" }).trim();
}
