import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { takeDatabaseBackup } from "~/domain/backups/database-backup.server";
import { JOBS } from "~/domain/jobs/jobs";
import { testDatabases } from "../support/databases";
import { ADMIN_AND_PANEL, type HostileShop, adminLogin, startShop } from "../support/hostile";

/**
 * Admin → Health and /readyz on the production build, on both databases: a
 * job that stopped is red on the page and in the JSON (503), /healthz stays
 * the cheap liveness probe, the readiness facts are answered only on this
 * machine or to the monitor's token, and a whole-database backup is
 * downloaded only after the admin password, by a one-time link.
 */

const TOKEN = "monitor-token-0123456789abcdef0123456789";
const MINUTE = 60_000;

interface Readiness {
  status: string;
  ok: boolean;
  checks: { key: string; status: string; summary: string }[];
}

describe.each(testDatabases())("the Health page and /readyz on $name", (kind) => {
  let shop: HostileShop;
  let cookie: string;
  const backupDir = mkdtempSync(join(tmpdir(), "shop-health-"));
  beforeAll(async () => {
    shop = await startShop(kind, {
      ...ADMIN_AND_PANEL,
      READINESS_TOKEN: TOKEN,
      BACKUP_DIR: backupDir,
    });
    cookie = await adminLogin(shop.url, ADMIN_AND_PANEL.ADMIN_USERNAME, ADMIN_AND_PANEL.ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await shop?.stop();
    rmSync(backupDir, { recursive: true, force: true });
  });

  async function healthAction(fields: Record<string, string>) {
    const res = await fetch(`${shop.url}/admin/health.data`, {
      method: "POST",
      headers: { cookie, origin: shop.url, "x-forwarded-proto": "https" },
      body: new URLSearchParams(fields),
    });
    return { status: res.status, text: await res.text() };
  }

  async function jobRan(name: string, at: number, error: string | null = null) {
    await shop.db.db
      .insertInto("job_runs")
      .values({
        name,
        interval_ms: 5_000,
        last_run_at: at,
        last_ok_at: error ? null : at,
        last_error: error,
        last_error_at: error ? at : null,
        failing_since: error ? at : null,
      })
      .onConflict((oc) =>
        oc.column("name").doUpdateSet({ last_run_at: at, last_error: error, failing_since: error ? at : null }),
      )
      .execute();
  }

  // The page as text, without React's markers between adjacent text parts.
  const page = async () =>
    (await (await fetch(`${shop.url}/admin/health`, { headers: { cookie } })).text()).replaceAll("<!-- -->", "");
  const row = (html: string, label: string) =>
    new RegExp(`data-status="([a-z]+)"[^>]*>(?:(?!</li>).)*?${label}`, "s").exec(html)?.[1];

  it("shows a running job green and a stopped one red, on the page and in /readyz", async () => {
    const now = Date.now();
    await jobRan(JOBS.payments.name, now);
    await jobRan(JOBS.panelSync.name, now - 30 * MINUTE);
    await jobRan(JOBS.alerts.name, now, "connect ECONNREFUSED 127.0.0.1:587");

    const html = await page();
    expect(html).toContain("<h1");
    expect(row(html, "Payment windows and automatic sending")).toBe("ok");
    expect(row(html, "Panel status sync")).toBe("failing");
    expect(html).toMatch(/Stopped: last ran 30 min ago/);
    // A failure younger than its grace is amber, with the error as the job wrote it.
    expect(row(html, "Operator alerts")).toBe("warn");
    expect(html).toContain("connect ECONNREFUSED 127.0.0.1:587");
    expect(/needs? attention: [^<]*Panel status sync/.test(html)).toBe(true);

    const ready = await fetch(`${shop.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(ready.headers.get("cache-control")).toBe("no-store");
    const body = (await ready.json()) as Readiness;
    expect(body.status).toBe("failing");
    expect(body.checks.find((c) => c.key === "job:panel status sync")).toMatchObject({ status: "failing" });
    expect(body.checks.map((c) => c.key)).toEqual(
      expect.arrayContaining(["panel", "restarts", "database", "alerts:email", "job:bank e-mail reader"]),
    );
    // Every folder the shop writes has its own line.
    expect(body.checks.some((c) => c.key.startsWith("folder:"))).toBe(true);
    // A shop-wide red does not take the instance out of a proxy's rotation (deploy/Caddyfile.instances).
    const instance = await fetch(`${shop.url}/readyz?instance`);
    expect(instance.status).toBe(200);
    expect(await instance.json()).toMatchObject({ status: "ok" });

    // The job runs again: green, and /readyz says 200 once nothing else is red.
    await jobRan(JOBS.panelSync.name, Date.now());
    expect(row(await page(), "Panel status sync")).toBe("ok");
    const again = (await (await fetch(`${shop.url}/readyz`)).json()) as Readiness;
    expect(again.checks.find((c) => c.key === "job:panel status sync")?.status).toBe("ok");
  });

  it("says on the page and in /readyz when the shop restarted after crashes more than twice in ten minutes", async () => {
    const now = Date.now();
    const crash = (ago: number) =>
      shop.db.db
        .insertInto("process_starts")
        .values({
          instance: "test:0",
          pid: 1,
          release: null,
          started_at: now - ago,
          stopped_at: null,
          previous_end: "crashed: Error: EACCES: permission denied, open '/var/lib/boostkaro/backups/x'",
          previous_crashed: 1,
        })
        .execute();
    await crash(3 * MINUTE);
    await crash(2 * MINUTE);
    expect(row(await page(), "Restarts")).toBe("warn");
    await crash(1 * MINUTE);
    const html = await page();
    expect(row(html, "Restarts")).toBe("failing");
    expect(html).toContain("Restarted 3 times in 10 min after a crash");
    expect(html).toContain("EACCES: permission denied");
    const ready = await fetch(`${shop.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as Readiness).checks.find((c) => c.key === "restarts")).toMatchObject({
      status: "failing",
    });
    await shop.db.db.deleteFrom("process_starts").where("instance", "=", "test:0").execute();
  });

  it("answers /readyz only on this machine or to the monitor's token; /healthz stays open and cheap", async () => {
    // Through the proxy (it adds X-Forwarded-For), the facts need the token.
    const proxied = await fetch(`${shop.url}/readyz`, {
      headers: { "x-forwarded-for": "203.0.113.9", "x-forwarded-proto": "https" },
    });
    expect(proxied.status).toBe(401);
    expect(proxied.headers.get("www-authenticate")).toContain("Bearer");
    expect(await proxied.text()).not.toContain("checks");
    const wrong = await fetch(`${shop.url}/readyz`, {
      headers: { "x-forwarded-for": "203.0.113.9", "x-forwarded-proto": "https", authorization: `Bearer ${TOKEN}x` },
    });
    expect(wrong.status).toBe(401);
    const monitor = await fetch(`${shop.url}/readyz`, {
      headers: { "x-forwarded-for": "203.0.113.9", "x-forwarded-proto": "https", authorization: `Bearer ${TOKEN}` },
    });
    expect([200, 503]).toContain(monitor.status);
    expect(((await monitor.json()) as Readiness).checks.length).toBeGreaterThan(5);
    // The instance's own check (Caddy's health check in front of several) needs the token as well.
    const instanceProxied = await fetch(`${shop.url}/readyz?instance`, {
      headers: { "x-forwarded-for": "203.0.113.9" },
    });
    expect(instanceProxied.status).toBe(401);
    const instance = await fetch(`${shop.url}/readyz?instance`, {
      headers: { "x-forwarded-for": "203.0.113.9", authorization: `Bearer ${TOKEN}` },
    });
    expect(instance.status).toBe(200);

    // A proxy that sends only X-Forwarded-Proto, or a Via, is still a proxy (security round 4, finding 2).
    for (const header of ["x-forwarded-proto", "x-forwarded-host", "via"]) {
      const through = await fetch(`${shop.url}/readyz`, { headers: { [header]: "https" } });
      expect(through.status, header).toBe(401);
      expect(await through.text()).not.toContain("checks");
    }

    const live = await fetch(`${shop.url}/healthz`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: "ok" });
  });

  // Whole-database backups are SQLite's (PostgreSQL is backed up with pg_dump).
  if (kind.name === "sqlite")
    it("downloads a whole-database backup only after the admin password, by a one-time link", async () => {
      const backup = (await takeDatabaseBackup(shop.db.db, backupDir))!;
      const html = await page();
      expect(html).toContain(backup.name);
      expect(/Last backup <strong>\d+ s ago<\/strong>, \d+ KB, on this machine only/.test(html)).toBe(true);

      // No link without the password; the refusal is audited.
      const refused = await healthAction({ intent: "download-backup", backup: backup.name, currentPassword: "guess" });
      expect(refused.status).toBe(400);
      expect(refused.text).toContain("Current password is incorrect");
      expect(refused.text).not.toContain("token=");
      // Nor for a file that is not one of the backups.
      const other = await healthAction({
        intent: "download-backup",
        backup: "../shop.db",
        currentPassword: ADMIN_AND_PANEL.ADMIN_PASSWORD,
      });
      expect(other.status).toBe(404);

      const granted = await healthAction({
        intent: "download-backup",
        backup: backup.name,
        currentPassword: ADMIN_AND_PANEL.ADMIN_PASSWORD,
      });
      expect(granted.status).toBe(200);
      const link = /\/api\/admin\/database-backups\/[^"?]+\?token=[A-Za-z0-9_-]+/.exec(granted.text)![0];
      // The link needs the session too.
      expect((await fetch(`${shop.url}${link}`)).status).toBe(401);
      const download = await fetch(`${shop.url}${link}`, { headers: { cookie } });
      expect(download.status).toBe(200);
      expect(download.headers.get("content-disposition")).toBe(`attachment; filename="${backup.name}"`);
      const bytes = Buffer.from(await download.arrayBuffer());
      expect(createHash("sha256").update(bytes).digest("hex")).toBe(backup.sha256);
      // Once only.
      expect((await fetch(`${shop.url}${link}`, { headers: { cookie } })).status).toBe(403);

      const audit = await shop.db.db
        .selectFrom("audit_log")
        .select(["action", "target_id"])
        .where("target_type", "=", "database_backup")
        .orderBy("id")
        .execute();
      expect(audit.map((a) => a.action)).toEqual(["backup.download_refused", "backup.download"]);
    });
});

/**
 * Security round 4, finding 2: behind TRUST_PROXY every visitor arrives from
 * the proxy on loopback, so loopback is nobody's pass to the health facts; and
 * a proxy that sends no X-Forwarded-For (every visitor would be the proxy) is
 * named on the Health page and in the banner above every admin page.
 */
describe.each(testDatabases())("behind TRUST_PROXY on $name", (kind) => {
  let shop: HostileShop;
  beforeAll(async () => {
    shop = await startShop(kind, { ...ADMIN_AND_PANEL, TRUST_PROXY: "1", HTTPS_REDIRECT: "false" });
  });
  afterAll(async () => {
    await shop?.stop();
  });

  it("answers /readyz from loopback only to the token, and names a proxy that sends no client address", async () => {
    const local = await fetch(`${shop.url}/readyz`);
    expect(local.status).toBe(401);
    expect(await local.text()).not.toContain("checks");

    // Signed in through a proxy that names its client.
    const named = { "x-forwarded-for": "203.0.113.9" };
    const login = await fetch(`${shop.url}/admin/login`, {
      method: "POST",
      headers: named,
      body: new URLSearchParams({ username: ADMIN_AND_PANEL.ADMIN_USERNAME, password: ADMIN_AND_PANEL.ADMIN_PASSWORD }),
      redirect: "manual",
    });
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0]!;
    expect(cookie).toMatch(/admin_session=/);

    // One request as a proxy that sends only X-Forwarded-Proto.
    await fetch(`${shop.url}/track`, { headers: { "x-forwarded-proto": "https" } });
    const after = (
      await (await fetch(`${shop.url}/admin/health`, { headers: { ...named, cookie } })).text()
    ).replaceAll("<!-- -->", "");
    expect(after).toContain('data-unsafe-default="proxy-client-address"');
    expect(after).toMatch(/came without X-Forwarded-For \(last [^)]*: \/track from 127\.0\.0\.1\)/);
  });
});
