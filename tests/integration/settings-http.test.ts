import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/database.server";
import { SETTINGS } from "~/domain/settings/registry";
import { testDatabases } from "../support/databases";
import type { ServerProcess } from "../support/server-process";
import { type TestShop, startTestShop } from "../support/test-shop";
import { TEST_ADMIN } from "../support/test-accounts";

const PASSWORD = TEST_ADMIN.password;
const API_KEY = "live-panel-key-0123456789abcdef";

/** Everything the admin's settings screens and API send back must be free of secrets. */
describe.each(testDatabases())("settings over HTTP on $name", (kind) => {
  let shop: TestShop;
  let server: ServerProcess;
  let handle: DatabaseHandle;
  let cookie = "";
  const backupDir = mkdtempSync(join(tmpdir(), "shop-backups-"));

  beforeAll(async () => {
    shop = await startTestShop({
      engine: kind,
      admin: { username: "owner", password: PASSWORD },
      jobs: "off",
      env: { BACKUP_DIR: backupDir },
    });
    ({ server, cookie, db: handle } = shop);
    const saved = await fetch(`${server.url}/api/admin/setting`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ key: SETTINGS.panelApiKey.key, value: API_KEY }),
    });
    expect(saved.status).toBe(200);
  });
  afterAll(async () => {
    await shop?.stop();
    rmSync(backupDir, { recursive: true, force: true });
  });

  function expectNoSecrets(text: string) {
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain(API_KEY);
    expect(text).not.toMatch(/scrypt\$/);
  }

  it("never sends the admin password, its hash or the full API key from any setting key", async () => {
    for (const key of [...Object.values(SETTINGS).map((s) => s.key), "VITE_ADMIN_USERNAME", "VITE_ADMIN_PASSWORD"]) {
      const res = await fetch(`${server.url}/api/admin/setting/${key}`, { headers: { cookie } });
      expectNoSecrets(await res.text());
    }
    const key: unknown = await (
      await fetch(`${server.url}/api/admin/setting/${SETTINGS.panelApiKey.key}`, { headers: { cookie } })
    ).json();
    expect(key).toEqual({ success: true, setting: { key: SETTINGS.panelApiKey.key, value: "••••cdef" } });
    const password = await fetch(`${server.url}/api/admin/setting/VITE_ADMIN_PASSWORD`, { headers: { cookie } });
    expect(password.status).toBe(403);
  });

  it("keeps them out of the settings page and its data", async () => {
    for (const path of ["/admin/settings", "/admin/settings.data"]) {
      const res = await fetch(`${server.url}${path}`, { headers: { cookie } });
      expect(res.status).toBe(200);
      expectNoSecrets(await res.text());
    }
  });

  it("refuses a malformed setting with a clear 400 and keeps the old value", async () => {
    const res = await fetch(`${server.url}/api/admin/setting`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ key: "VITE_UPI_ID", value: "no-handle" }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      success: false,
      message: "UPI ID must look like name@bank",
      code: "INVALID_INPUT",
      field: "value",
    });
    const upi = (await (
      await fetch(`${server.url}/api/admin/setting/VITE_UPI_ID`, { headers: { cookie } })
    ).json()) as {
      setting: { value: string };
    };
    expect(upi.setting.value).toMatch(/placeholder/);
  });

  // Last: it deletes everything.
  it("keeps the API key out of the backup 'Delete ALL Data' writes and its download, and audits the download", async () => {
    const headers = { cookie, origin: server.url, "user-agent": "backup-check/1.0" };
    const deleted = await fetch(`${server.url}/api/admin/delete-all-data`, { method: "DELETE", headers });
    expect(deleted.status).toBe(200);
    const { backup } = (await deleted.json()) as { backup: string };
    const onDisk = gunzipSync(readFileSync(join(backupDir, backup))).toString("utf8");
    expect(onDisk).toContain('"VITE_UPI_ID"');
    expect(onDisk).not.toContain(API_KEY);
    expect(onDisk).toContain(`"omittedSecrets":["${SETTINGS.panelApiKey.key}"]`);

    const download = await fetch(`${server.url}/api/admin/backups/${backup}`, { headers });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/gzip");
    const downloaded = gunzipSync(Buffer.from(await download.arrayBuffer())).toString("utf8");
    expect(downloaded.split("\n").filter(Boolean)).toEqual(onDisk.split("\n").filter(Boolean));

    const audit = await handle.db
      .selectFrom("audit_log")
      .select(["actor", "action", "target_id", "client_ip", "user_agent"])
      .where("action", "in", ["data.delete", "backup.download"])
      .orderBy("id")
      .execute();
    expect(audit).toEqual([
      {
        actor: "owner",
        action: "data.delete",
        target_id: null,
        client_ip: "127.0.0.1",
        user_agent: "backup-check/1.0",
      },
      {
        actor: "owner",
        action: "backup.download",
        target_id: backup,
        client_ip: "127.0.0.1",
        user_agent: "backup-check/1.0",
      },
    ]);
  });
});
