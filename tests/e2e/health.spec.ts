import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import type { Page } from "@playwright/test";
import { JOBS } from "../../app/domain/jobs/jobs";
import { runScript } from "../support/backups";
import { type ServerProcess, spawnServer } from "../support/server-process";
import { expect, test } from "./fixtures";
import { TEST_ADMIN, WRONG_PASSWORD } from "../support/test-accounts";
import { submitSignIn } from "./admin-support";
import { adminNav } from "./admin-nav";

/**
 * Admin → Health in a real browser, on a shop of its own whose background
 * jobs are off, so the test says what each job last did: a running job is
 * green, a stopped one red with how long ago it ran; the interval saved in
 * Settings shows on the page; a backup taken with `npm run backup -- now`
 * downloads after the admin password, byte for byte; a crash loop is red
 * with the error that ended the process (issue 52).
 */

test.describe.configure({ mode: "serial" });

const OWNER = TEST_ADMIN;
let shop: ServerProcess;
let dir: string;

// Skipped before the tests' pages are made (a skip in beforeEach comes after the page fixture opened one).
test.beforeAll(({}, info) => {
  test.skip(info.project.name !== "mobile", "server behaviour: walked once, on the operator's phone");
});

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "shop-health-e2e-"));
  shop = await spawnServer({
    DATABASE_URL: `file:${join(dir, "shop.db")}`,
    BACKUP_DIR: join(dir, "backups"),
    ADMIN_USERNAME: OWNER.username,
    ADMIN_PASSWORD: OWNER.password,
    JOBS_ENABLED: "false",
    BUILD_DIR: process.env.BUILD_DIR ?? "build",
  });
});

test.afterAll(async () => {
  await shop?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function jobRan(name: string, at: number) {
  const db = new Database(join(dir, "shop.db"));
  db.pragma("busy_timeout = 5000");
  try {
    db.prepare(
      `insert into job_runs (name, interval_ms, last_run_at, last_ok_at) values (?, 5000, ?, ?)
       on conflict (name) do update set last_run_at = excluded.last_run_at, last_ok_at = excluded.last_ok_at`,
    ).run(name, at, at);
  } finally {
    db.close();
  }
}

async function signIn(page: Page) {
  await page.goto(`${shop.url}/admin/login`);
  await submitSignIn(page, OWNER);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

async function openHealth(page: Page) {
  await (await adminNav(page)).getByRole("link", { name: "Health" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Health" })).toBeVisible();
}

const row = (page: Page, label: string) => page.locator("li[data-status]").filter({ hasText: label });

test("a stopped job is red on the Health page, a running one green", async ({ page }) => {
  jobRan(JOBS.payments.name, Date.now());
  jobRan(JOBS.panelSync.name, Date.now() - 45 * 60_000);
  await signIn(page);
  await openHealth(page);

  await expect(row(page, "Payment windows and automatic sending")).toHaveAttribute("data-status", "ok");
  const stopped = row(page, "Panel status sync");
  await expect(stopped).toHaveAttribute("data-status", "failing");
  await expect(stopped).toContainText("Stopped: last ran 45 min ago");
  await expect(stopped.getByText("Failing")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "needs attention" })).toContainText("Panel status sync");

  // It runs again: the page says so on the next visit.
  jobRan(JOBS.panelSync.name, Date.now());
  await page.reload();
  await expect(row(page, "Panel status sync")).toHaveAttribute("data-status", "ok");
});

test("the backup interval is set in Settings, and a backup downloads after the admin password", async ({ page }) => {
  await signIn(page);
  await page.goto(`${shop.url}/admin/settings`);
  const card = page.locator("#schedule-settings");
  await card.getByLabel("Back up every (hours, 0 for never)").fill("2");
  await card.getByRole("button", { name: /save/i }).click();
  await expect(page.getByText("Backup settings saved successfully")).toBeVisible();

  const taken = await runScript("backup", ["now"], {
    DATABASE_URL: `file:${join(dir, "shop.db")}`,
    BACKUP_DIR: join(dir, "backups"),
  });
  expect(taken.code, taken.output).toBe(0);
  const file = /Backed up to (\S+) \(/.exec(taken.output)![1]!;

  await openHealth(page);
  const backups = page.locator("#database-backups");
  await expect(backups).toContainText("every 2 hours");
  await expect(backups.getByTestId("latest-backup")).toContainText(/Last backup \d+ (s|min) ago/);

  // A wrong password gets no file.
  await backups.getByLabel("Your admin password").fill(WRONG_PASSWORD);
  await backups.getByRole("button", { name: "Download backup" }).click();
  await expect(page.getByText("Current password is incorrect")).toBeVisible();

  await backups.getByLabel("Your admin password").fill(OWNER.password);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    backups.getByRole("button", { name: "Download backup" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^shop-\d{8}T\d{6}Z\.sqlite\.gz$/);
  const saved = await download.path();
  const sha = (path: string) => createHash("sha256").update(readFileSync(path)).digest("hex");
  expect(sha(saved)).toBe(sha(file));
});

test("a crash loop is red on the Health page with why, and every folder the shop writes has its line", async ({
  page,
}) => {
  // Three starts after a crash in the last minutes, as a supervisor restarting a crashing shop leaves them.
  const db = new Database(join(dir, "shop.db"));
  db.pragma("busy_timeout = 5000");
  const now = Date.now();
  const insert = db.prepare(
    `insert into process_starts (instance, pid, release, started_at, stopped_at, previous_end, previous_crashed)
     values ('e2e:0', 1, null, ?, null, ?, 1)`,
  );
  for (const ago of [3, 2, 1]) insert.run(now - ago * 60_000, "crashed: Error: EACCES: permission denied (at …)");
  db.close();
  await signIn(page);
  await openHealth(page);
  const restarts = row(page, "Restarts");
  await expect(restarts).toHaveAttribute("data-status", "failing");
  await expect(restarts).toContainText("Restarted 3 times in 10 min after a crash");
  await expect(restarts).toContainText("EACCES: permission denied");
  await expect(page.getByRole("status").filter({ hasText: /needs? attention/ })).toContainText("Restarts");
  // Every folder the shop writes has its own line with its free space.
  await expect(row(page, "Folder for the database")).toHaveAttribute("data-status", "ok");
  await expect(row(page, "Folder for the database")).toContainText(/free of/);

  // The loop is over (the starts are older than ten minutes): green on the next visit.
  const later = new Database(join(dir, "shop.db"));
  later.pragma("busy_timeout = 5000");
  later.prepare("update process_starts set started_at = started_at - 3600000 where instance = 'e2e:0'").run();
  later.close();
  await page.reload();
  await expect(row(page, "Restarts")).toHaveAttribute("data-status", "ok");
});
