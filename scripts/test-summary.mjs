// Adds up the JSON reports of Vitest and Playwright into one closing line.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
const read = (name) => {
  const file = join(dir, name);
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null;
};

for (const name of ["unit.json", "integration.json"]) {
  const report = read(name);
  if (!report) {
    console.log(`${name}: no report (stage did not run)`);
    failed += 1;
    continue;
  }
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  console.log(`${name.replace(".json", "")}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
}

const e2e = read("e2e.json");
if (e2e) {
  const s = e2e.stats;
  passed += s.expected + s.flaky;
  failed += s.unexpected;
  skipped += s.skipped;
  console.log(`e2e: ${s.expected + s.flaky} passed, ${s.unexpected} failed`);
  // Passed on its retry only (playwright.config.ts): named, so it gets fixed rather than forgotten.
  for (const title of flakyTitles(e2e.suites ?? [])) console.log(`  passed on its retry only: ${title}`);
} else {
  console.log("e2e.json: no report (stage did not run)");
  failed += 1;
}

function flakyTitles(suites) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((t) => t.status === "flaky")
        .map((t) => `[${t.projectName}] ${spec.file}:${spec.line} ${spec.title}`),
    ),
    ...flakyTitles(suite.suites ?? []),
  ]);
}

console.log(`Summary: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
