import { basename } from "node:path";
import { describeTarget, loadConfigOrExit } from "./cli";
import { layoutOf, linked, log, pointAt, restartService, waitForRelease } from "./releases";

/**
 * npm run rollback: back to the release in use before the last upgrade
 * (/opt/boostkaro/previous), with a restart that fails no request. The
 * database stays as it is: the newer release's migrations only added, and the
 * previous release runs on them (docs/deploy.md, Upgrading). Run again, it
 * goes forward to the release it left.
 */
const layout = layoutOf();
if (!layout) {
  console.error("Run this from the release in use: cd /opt/boostkaro/current && npm run rollback.");
  process.exit(2);
}
const config = loadConfigOrExit();
console.log(describeTarget(config));
const started = Date.now();
const current = linked(layout.current);
const previous = linked(layout.previous);
if (!current || !previous || previous === current) {
  console.error(`No previous release to go back to (${layout.previous} is not set).`);
  process.exit(1);
}
pointAt(layout.previous, current);
pointAt(layout.current, previous);
log("switch", `current -> releases/${basename(previous)}`);
restartService();
if (!(await waitForRelease(config, basename(previous)))) {
  console.error(`releases/${basename(previous)} did not answer within 90 s: going forward again to ${current}.`);
  pointAt(layout.current, current);
  pointAt(layout.previous, previous);
  restartService();
  process.exit(1);
}
console.log(
  `Rolled back to releases/${basename(previous)} in ${((Date.now() - started) / 1000).toFixed(1)} s (npm run rollback again goes forward to ${basename(current)}).`,
);
