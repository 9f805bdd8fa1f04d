import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { openDatabase } from "~/db/database.server";
import { SETTINGS_COPY_ROW } from "~/domain/public-pages/topics";
import { gatewaySettings } from "~/domain/payments/gateways/gateway-settings.server";
import {
  readSettingForApi,
  saveSettingsForm,
  settingsForAdmin,
  writeSettingForApi,
} from "~/domain/settings/admin.server";
import { createSettingsCache, readSiteSettings, writeSettings } from "~/domain/settings/settings.server";
import { freshDatabase, testDatabases } from "../support/databases";
import { outcome } from "../support/outcome";

const smm = {
  panelApiKey: "live-key-0123456789abcdef",
  panelUrl: "https://panel.example",
  panelServiceFollowers: "101",
  panelServiceLikes: "102",
  panelServiceViews: "103",
  panelServiceComments: "104",
};

describe.each(testDatabases())("settings for the admin on $name", (kind) => {
  let handle: Awaited<ReturnType<typeof freshDatabase>>;
  beforeEach(async () => {
    handle = await freshDatabase(kind);
  });
  afterEach(() => handle.cleanup());

  it("never sends the panel API key back whole, and an empty field keeps it", async () => {
    const { db } = handle;
    const first = await saveSettingsForm(db, "owner", "smm", smm);
    expect(first).toMatchObject({ ok: true, changed: { panelApiKey: "••••cdef" } });
    expect((await settingsForAdmin(db)).panelApiKey).toBe("••••cdef");
    expect(await readSettingForApi(db, "VITE_SMM_PANEL_API_KEY")).toEqual({ ok: true, value: "••••cdef" });

    await saveSettingsForm(db, "owner", "smm", { ...smm, panelApiKey: "", panelServiceLikes: "202" });
    const stored = await readSiteSettings(db);
    expect(stored.panelApiKey).toBe(smm.panelApiKey);
    expect(stored.panelServiceLikes).toBe("202");
    expect(JSON.stringify(await settingsForAdmin(db))).not.toContain(smm.panelApiKey);
    const audit = await db.selectFrom("audit_log").select("details").execute();
    expect(audit.length).toBe(2);
    expect(JSON.stringify(audit)).not.toContain(smm.panelApiKey);
  });

  it("changes the panel URL only with the API key typed again, so the saved key never follows a new address", async () => {
    const { db } = handle;
    await saveSettingsForm(db, "owner", "smm", smm);
    const moved = { ...smm, panelApiKey: "", panelUrl: "https://collector.example" };
    expect(await saveSettingsForm(db, "owner", "smm", moved)).toEqual({
      ok: false,
      message:
        "Enter the API key again to change the panel URL: the saved key is only sent to the URL it was saved with",
      field: "panelApiKey",
    });
    expect(await readSiteSettings(db)).toMatchObject({ panelUrl: smm.panelUrl, panelApiKey: smm.panelApiKey });
    // The same address written differently is not a new panel.
    expect(
      await saveSettingsForm(db, "owner", "smm", { ...smm, panelApiKey: "", panelUrl: " HTTPS://Panel.Example/ " }),
    ).toMatchObject({ ok: true });
    expect(
      await saveSettingsForm(db, "owner", "smm", { ...moved, panelApiKey: "collector-key-0123456789" }),
    ).toMatchObject({ ok: true });
    expect(await readSiteSettings(db)).toMatchObject({
      panelUrl: moved.panelUrl,
      panelApiKey: "collector-key-0123456789",
    });
  });

  it("refuses a UPI id without @handle and changes nothing", async () => {
    const { db } = handle;
    const before = await readSiteSettings(db);
    const result = await saveSettingsForm(db, "owner", "payment", { upiId: "shop", merchantName: "Shop" });
    expect(result).toMatchObject({ ok: false, message: "UPI ID must look like name@bank" });
    expect(await readSiteSettings(db)).toEqual(before);
  });

  it("never reads back the admin password, and reads the username", async () => {
    const { db } = handle;
    await db
      .insertInto("admin_users")
      .values({ username: "owner", password_hash: "scrypt$x", created_at: 1, updated_at: 1 })
      .execute();
    expect(await outcome(readSettingForApi(db, "VITE_ADMIN_PASSWORD"))).toMatchObject({ ok: false, code: "FORBIDDEN" });
    expect(await readSettingForApi(db, "VITE_ADMIN_USERNAME")).toEqual({ ok: true, value: "owner" });
    expect(await outcome(readSettingForApi(db, "NOPE"))).toMatchObject({ ok: false, code: "NOT_FOUND" });
  });

  it("validates a single-key write like its card", async () => {
    const { db } = handle;
    expect(await writeSettingForApi(db, "owner", "VITE_UPI_ID", "bad")).toMatchObject({ ok: false });
    expect(await writeSettingForApi(db, "owner", "VITE_UPI_ID", "shop@okaxis")).toMatchObject({ ok: true });
    expect((await readSiteSettings(db)).upiId).toBe("shop@okaxis");
    expect(await writeSettingForApi(db, "owner", "VITE_ADMIN_PASSWORD", "x")).toMatchObject({ ok: false });
  });

  it("never lets a single-key write move the saved panel key to another URL", async () => {
    const { db } = handle;
    expect(await writeSettingForApi(db, "owner", "VITE_SMM_PANEL_URL", "https://panel.example.com")).toMatchObject({
      ok: true,
    });
    expect(await writeSettingForApi(db, "owner", "VITE_SMM_PANEL_API_KEY", "live-key-1234567890")).toMatchObject({
      ok: true,
    });
    const audits = await db.selectFrom("audit_log").select("id").execute();
    expect(await writeSettingForApi(db, "owner", "VITE_SMM_PANEL_URL", "https://evil.example.net")).toMatchObject({
      ok: false,
      message: expect.stringContaining("Enter the API key again") as unknown,
    });
    const after = await readSiteSettings(db);
    expect(after.panelUrl).toBe("https://panel.example.com");
    expect(after.panelApiKey).toBe("live-key-1234567890");
    expect(await db.selectFrom("audit_log").select("id").execute()).toHaveLength(audits.length);
    // The same URL (another spelling of it) is fine.
    expect(await writeSettingForApi(db, "owner", "VITE_SMM_PANEL_URL", "https://panel.example.com/")).toMatchObject({
      ok: true,
    });
  });

  it("reads typed values from the text an existing shop has stored, and stores them the same way", async () => {
    const { db } = handle;
    // As earlier versions wrote them: every value text.
    const at = Date.now();
    await db
      .insertInto("settings")
      .values([
        { key: "AUTO_SEND_PAID_ORDERS", value: "false", updated_at: at },
        { key: "DELIVERY_START_MINUTES", value: "45", updated_at: at },
        { key: "RETENTION_DAYS", value: "not a number", updated_at: at },
        { key: "PAYMENTS_RAZORPAY_ENABLED", value: "true", updated_at: at },
        { key: "PAYMENTS_RAZORPAY_KEY_ID", value: "rzp_test_abcdefgh", updated_at: at },
      ])
      .execute();
    const site = await readSiteSettings(db);
    expect(site).toMatchObject({ autoSendPaidOrders: false, deliveryStartMinutes: 45, backupIntervalHours: 1 });
    // A stored value that is not one reads as the default rather than stopping the shop.
    expect(site.retentionDays).toBe(365);
    expect(await gatewaySettings(db)).toMatchObject({ enabled: true, keyId: "rzp_test_abcdefgh", keySecret: "" });
    // The settings API still speaks text.
    expect(await readSettingForApi(db, "AUTO_SEND_PAID_ORDERS")).toEqual({ ok: true, value: "false" });

    await writeSettings(db, { autoSendPaidOrders: true, retentionDays: 90 });
    const rows = await db
      .selectFrom("settings")
      .select(["key", "value"])
      .where("key", "in", ["AUTO_SEND_PAID_ORDERS", "RETENTION_DAYS"])
      .orderBy("key")
      .execute();
    expect(rows).toEqual([
      { key: "AUTO_SEND_PAID_ORDERS", value: "true" },
      { key: "RETENTION_DAYS", value: "90" },
    ]);
  });

  it("keeps each instance's settings copy right: at once for its own write, within a check for another's", async () => {
    let now = 1_000_000;
    const cache = createSettingsCache(handle.db, 1_000, () => now);
    expect((await cache.get()).brandName).not.toBe("Mine");
    // A write here: this instance's copy goes at once, nobody clears it by hand.
    await writeSettings(handle.db, { brandName: "Mine" });
    expect((await cache.get()).brandName).toBe("Mine");

    // Another process on the same database (its own connection, its own listeners): it saves a row and bumps
    // the settings copy's generation in one transaction, as the store does. Seen once the copy is checked again.
    const other = openDatabase(handle.target);
    try {
      await other.db.transaction().execute(async (trx) => {
        await trx.updateTable("settings").set({ value: "Theirs" }).where("key", "=", "BRAND_NAME").execute();
        await trx
          .insertInto("settings")
          .values({ key: "DELIVERY_START_MINUTES", value: "15", updated_at: now })
          .execute();
        await sql`update public_pages_generation set generation = generation + 1 where id = ${SETTINGS_COPY_ROW}`.execute(
          trx,
        );
      });
      expect((await cache.get()).brandName).toBe("Mine");
      now += 1_000;
      expect(await cache.get()).toMatchObject({ brandName: "Theirs", deliveryStartMinutes: 15 });
      // Nothing changed: the copy is kept (one small read of the generations, no settings read).
      const kept = cache.get();
      now += 1_000;
      expect(await cache.get()).toBe(await kept);
    } finally {
      await other.close();
    }
  });
});
