import { defineConfig, devices } from "@playwright/test";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { E2E_DIR, E2E_PORT as port } from "./tests/e2e/e2e-shop";

const baseURL = `http://127.0.0.1:${port}`;

// Debian's Chromium, headless, with the same flags as the Lighthouse script, less the work a test never looks at
// (ADR 0031): each new window of Debian's Chromium builds two address-bar popups as web pages, a third of a
// test's CPU. The wrapper keeps Playwright's own --disable-features beside these.
const chromiumFlags = createRequire(import.meta.url)("./scripts/chromium-flags.json") as string[];
const TEST_ONLY_FLAGS = ["--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup"];
const chromium = {
  executablePath: fileURLToPath(new URL("./scripts/chromium-e2e.sh", import.meta.url)),
  args: [...chromiumFlags, ...TEST_ONLY_FLAGS],
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  // Three browsers at a time, on CI too (ADR 0016): specs with a shop of their own are isolated by it; specs on
  // the shared shop give their data names and dates no other spec uses.
  workers: Number(process.env.E2E_WORKERS ?? 3),
  // One more try for a test that fails: the machine's speed varies threefold over a day, and a click that lands
  // while a page is still hydrating has failed a long journey on its 30 s. A test that passes only on its retry is
  // named by the suite's summary (scripts/test-summary.mjs), with its first try's error and page snapshot kept, to
  // be fixed.
  retries: 1,
  // A minute per test: the operator's journeys (a dialog, its accessibility sweep, a save, the storefront)
  // take 10-15 s on this machine at full speed and ran past 30 s when its speed fell to a third.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  forbidOnly: Boolean(process.env.CI),
  // A test's retry records a trace (actions, DOM snapshots, network), kept when the retry fails too; its first try
  // keeps its error and the page's accessibility snapshot (error-context.md). Recording a trace on every first try
  // was almost half of the stage's CPU, on every passing test (ADR 0016); a screencast would cost more again.
  use: {
    baseURL,
    trace: { mode: "on-first-retry", screenshots: false, snapshots: true, sources: true },
    launchOptions: chromium,
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], launchOptions: chromium } },
    { name: "mobile", use: { ...devices["Pixel 7"], viewport: { width: 390, height: 844 }, launchOptions: chromium } },
  ],
  webServer: {
    // A production build on a fresh temporary database.
    command: `rm -rf '${E2E_DIR}' && node server.js`,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: `file:${E2E_DIR}/shop.db`,
      // The hourly database backups of the running jobs stay with this run's database.
      BACKUP_DIR: `${E2E_DIR}/backups`,
      BUILD_DIR: process.env.BUILD_DIR ?? "build",
      LOG_LEVEL: "warn",
      // The background jobs run as in production: the payment window is closed by the server's expiry job
      // (every second here). Tests that insert orders give them states the jobs leave alone, and date them
      // inside the retention period so the retention job keeps the buyers' names (tests/e2e/admin-support.ts).
      JOBS_ENABLED: "true",
      PAYMENT_JOB_INTERVAL_MS: "1000",
      // Alert e-mails go to the SMTP server in the test process (tests/e2e/admin-phone.spec.ts), without TLS.
      MAIL_ALLOW_PRIVATE_ADDRESSES: "true",
    },
  },
});
