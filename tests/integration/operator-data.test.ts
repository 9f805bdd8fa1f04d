import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/database.server";
import { seedDemoData } from "~/db/seed.server";
import { auditTrailFor, recordAudit } from "~/domain/audit/audit.server";
import { backupPath, listBackups, openBackupDownload, restoreBackup } from "~/domain/backups/backup.server";
import { deleteAllData, deleteSelectedData } from "~/domain/backups/danger-zone.server";
import { runOrderAction } from "~/domain/order-actions/order-actions.server";
import { recordCredit } from "~/domain/payments/matching.server";
import { anonymiseExpiredCustomers } from "~/domain/orders/retention.server";
import { createPlan, deletePlan, togglePlan, updatePlan } from "~/domain/plans/admin.server";
import { listPlans } from "~/domain/plans/plans.server";
import { readSiteSettings, writeSettings } from "~/domain/settings/settings.server";
import { saveAlertSettings } from "~/domain/operator-alerts/alert-settings.server";
import { vapidKeys } from "~/domain/operator-alerts/vapid.server";
import { saveGatewaySettings } from "~/domain/payments/gateways/gateway-settings.server";
import { DEFAULT_MAILBOX } from "~/domain/payments/mail/mailbox-config";
import { saveMailbox } from "~/domain/payments/mail/mailbox-store.server";
import { rotateAppSecret, rotateSmsSecret } from "~/domain/payments/payment-settings.server";
import { freshDatabase, testDatabases } from "../support/databases";
import { makeOrder } from "../support/orders";

/** What order actions need; neither touches the panel. */
function services(db: DatabaseHandle["db"]) {
  return {
    db,
    settings: { get: () => Promise.resolve({} as never), clear() {} },
    config: {} as never,
    logger: console as never,
  };
}

describe.each(testDatabases())("operator data on $name", (kind) => {
  let handle: DatabaseHandle & { cleanup(): Promise<void> };
  let backupDir: string;
  beforeEach(async () => {
    handle = await freshDatabase(kind);
    backupDir = mkdtempSync(join(tmpdir(), "shop-backups-"));
  });
  afterEach(async () => {
    await handle.cleanup();
    rmSync(backupDir, { recursive: true, force: true });
  });

  it("creates, edits, toggles and deletes a plan without changing its service", async () => {
    const { db } = handle;
    const plan = await createPlan(db, "owner", {
      serviceType: "likes",
      name: "Hot Likes",
      amount: 500,
      price: 7900,
      tags: ["hot"],
    });
    const updated = await updatePlan(db, "owner", plan.id, {
      name: "Hotter Likes",
      amount: 600,
      price: 8900,
      tags: [],
    });
    expect(updated).toMatchObject({ service_type: "likes", name: "Hotter Likes", quantity: 600, tag: null });
    expect((await togglePlan(db, "owner", plan.id))?.is_enabled).toBe(0);
    expect(await listPlans(db, { serviceType: "likes", enabledOnly: true })).toHaveLength(0);
    expect((await togglePlan(db, "owner", plan.id))?.is_enabled).toBe(1);
    expect(await deletePlan(db, "owner", plan.id)).not.toBeNull();
    expect(await deletePlan(db, "owner", plan.id)).toBeNull();
    const trail = await auditTrailFor(db, "plan", String(plan.id));
    expect(trail.map((t) => t.action)).toEqual([
      "plan.delete",
      "plan.enable",
      "plan.disable",
      "plan.update",
      "plan.create",
    ]);
  });

  it("backs up before deleting orders only, and restores every order", async () => {
    const { db, dialect } = handle;
    await seedDemoData(db);
    const [plan] = await listPlans(db);
    for (let i = 0; i < 25; i++) await makeOrder(db, { plan_id: plan!.id, created_at: Date.now() - i * 1000 });

    const result = await deleteSelectedData(db, "owner", backupDir, ["orders"]);
    expect(result.deleted).toEqual({ orders: 25, plans: 0, settings: 0 });
    expect(result.labels).toEqual(["All Orders & Order History"]);
    expect(await db.selectFrom("orders").selectAll().execute()).toHaveLength(0);
    expect((await listPlans(db)).length).toBe(20);

    const backups = await listBackups(backupDir);
    expect(backups.map((b) => b.name)).toEqual([result.backup]);
    const restored = await restoreBackup(db, dialect, backupPath(backupDir, result.backup)!);
    expect(restored.orders).toBe(25);
    expect(await db.selectFrom("orders").selectAll().execute()).toHaveLength(25);
    // Restoring twice adds nothing, and new orders still get fresh ids.
    expect((await restoreBackup(db, dialect, backupPath(backupDir, result.backup)!)).orders).toBe(0);
    await makeOrder(db);
  });

  it("backs up and deletes the payments received with the orders, and a restore brings them back", async () => {
    const { db, dialect } = handle;
    const paid = await makeOrder(db, { price_paise: 34_897 });
    await recordCredit(
      db,
      { source: "sms", amountPaise: 34_897, utr: "512345678901", at: Date.now(), evidence: { text: "credited" } },
      { graceSeconds: 86_400 },
    );
    await recordCredit(
      db,
      { source: "sms", amountPaise: 12_345, utr: "512345678902", at: Date.now(), evidence: { text: "stray" } },
      { graceSeconds: 86_400 },
    );
    const before = await db.selectFrom("payment_credits").select(["utr", "status", "order_id"]).orderBy("id").execute();
    expect(before.map((c) => c.order_id)).toEqual([paid.order_id, null]);

    const result = await deleteSelectedData(db, "owner", backupDir, ["orders"]);
    expect(await db.selectFrom("payment_credits").selectAll().execute()).toHaveLength(0);

    const restored = await restoreBackup(db, dialect, backupPath(backupDir, result.backup)!);
    expect(restored.payment_credits).toBe(2);
    expect(
      await db.selectFrom("payment_credits").select(["utr", "status", "order_id"]).orderBy("id").execute(),
    ).toEqual(before);
    // The same UTR reported again after the restore is still known: it confirms nothing twice.
    const again = await recordCredit(
      db,
      { source: "sms", amountPaise: 34_897, utr: "512345678901", at: Date.now(), evidence: { text: "again" } },
      { graceSeconds: 86_400 },
    );
    expect(again.kind).toBe("duplicate");
  });

  it("deletes everything but the admin login, and a restore brings it all back", async () => {
    const { db, dialect } = handle;
    await seedDemoData(db);
    await writeSettings(db, { upiId: "shop@okaxis" });
    const plans = await listPlans(db);
    for (const p of plans.slice(0, 5)) await makeOrder(db, { plan_id: p.id });
    await db
      .insertInto("admin_users")
      .values({ username: "owner", password_hash: "x", created_at: 1, updated_at: 1 })
      .execute();

    const result = await deleteAllData(db, "owner", backupDir);
    expect(result.deleted.orders).toBe(5);
    expect(result.deleted.plans).toBe(20);
    expect(await db.selectFrom("settings").selectAll().execute()).toHaveLength(0);
    expect(await db.selectFrom("admin_users").selectAll().execute()).toHaveLength(1);

    await restoreBackup(db, dialect, backupPath(backupDir, result.backup)!);
    expect(await db.selectFrom("orders").selectAll().execute()).toHaveLength(5);
    expect((await listPlans(db)).length).toBe(20);
    expect((await readSiteSettings(db)).upiId).toBe("shop@okaxis");
  });

  it("leaves the panel API key out of every backup, and out of the download of an older backup that holds it", async () => {
    const { db, dialect } = handle;
    const apiKey = "live-panel-key-0123456789abcdef";
    await writeSettings(db, { panelApiKey: apiKey, panelUrl: "https://panel.example", upiId: "shop@okaxis" });
    const result = await deleteAllData(db, "owner", backupDir);
    const file = backupPath(backupDir, result.backup)!;
    const text = gunzipSync(readFileSync(file)).toString("utf8");
    expect(text).toContain("https://panel.example");
    expect(text).not.toContain(apiKey);
    await restoreBackup(db, dialect, file);
    expect(await readSiteSettings(db)).toMatchObject({
      panelUrl: "https://panel.example",
      panelApiKey: "",
      upiId: "shop@okaxis",
    });

    // A backup written before secrets were left out: the download drops the key line, keeps the rest.
    const legacy = "backup-20250101T000000Z-settings-all.jsonl.gz";
    const lines = [
      { backup: 1, createdAt: "2025-01-01T00:00:00.000Z", label: "settings-all", scope: {} },
      { table: "settings", row: { key: "VITE_SMM_PANEL_API_KEY", value: apiKey } },
      { table: "settings", row: { key: "VITE_UPI_ID", value: "old@okaxis" } },
    ];
    writeFileSync(join(backupDir, legacy), gzipSync(lines.map((l) => `${JSON.stringify(l)}\n`).join("")));
    const client = { ip: "198.51.100.4", userAgent: "Mozilla/5.0 (download)" };
    const stream = await openBackupDownload(db, backupDir, legacy, { name: "owner", client });
    const chunks: Buffer[] = [];
    for await (const chunk of stream!) chunks.push(chunk as Buffer);
    const downloaded = gunzipSync(Buffer.concat(chunks)).toString("utf8");
    expect(downloaded).not.toContain(apiKey);
    expect(downloaded).toContain("old@okaxis");
    expect(await openBackupDownload(db, backupDir, "backup-20250101T000000Z-missing.jsonl.gz", "owner")).toBeNull();
    const audit = await db.selectFrom("audit_log").selectAll().where("action", "=", "backup.download").execute();
    expect(audit).toEqual([
      expect.objectContaining({
        actor: "owner",
        target_id: legacy,
        client_ip: client.ip,
        user_agent: client.userAgent,
      }),
    ]);
  });

  it("leaves every channel's secret out of every backup: mailbox, SMTP, Telegram, Razorpay, SMS, notifications, Web Push", async () => {
    const { db } = handle;
    const sms = await rotateSmsSecret(db);
    const app = await rotateAppSecret(db);
    const vapid = await vapidKeys(db);
    const secrets = {
      mailbox: "mailbox-app-password-31337",
      smtp: "smtp-password-31337",
      token: "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw",
      webhook: "telegram-webhook-secret-31337",
      keySecret: "razorpay-key-secret-31337",
      gatewayWebhook: "razorpay-webhook-secret-31337",
    };
    await saveMailbox(db, { ...DEFAULT_MAILBOX, host: "imap.example.in", username: "alerts" }, secrets.mailbox);
    await saveAlertSettings(db, {
      smtpPassword: secrets.smtp,
      telegramToken: secrets.token,
      telegramWebhookSecret: secrets.webhook,
    });
    await saveGatewaySettings(db, {
      enabled: true,
      keyId: "rzp_test_key",
      keySecret: secrets.keySecret,
      webhookSecret: secrets.gatewayWebhook,
    });
    await writeSettings(db, { upiId: "shop@okaxis" });
    const texts: string[] = [];
    for (const backup of [
      (await deleteSelectedData(db, "owner", backupDir, ["settings.payment", "settings.smm"])).backup,
      (await deleteAllData(db, "owner", backupDir)).backup,
    ]) {
      texts.push(gunzipSync(readFileSync(backupPath(backupDir, backup)!)).toString("utf8"));
    }
    expect(texts.join("")).toContain("shop@okaxis");
    for (const secret of [...Object.values(secrets), sms, app, vapid.privateKey]) {
      for (const text of texts) expect(text).not.toContain(secret);
    }
  });

  it("deletes only the payment settings when asked", async () => {
    const { db } = handle;
    await writeSettings(db, { upiId: "shop@okaxis", merchantName: "Shop", brandName: "Growly", panelUrl: "http://p" });
    await deleteSelectedData(db, "owner", backupDir, ["settings.payment"]);
    const settings = await readSiteSettings(db);
    expect(settings.upiId).toMatch(/placeholder/);
    expect(settings.brandName).toBe("Growly");
    expect(settings.panelUrl).toBe("http://p");
  });

  it("refuses a file name that is not a backup", () => {
    expect(backupPath(backupDir, "../../etc/passwd")).toBeNull();
    expect(backupPath(backupDir, "backup-20261122T081500Z-orders.jsonl.gz")).toContain(backupDir);
  });

  it("anonymises buyers after the retention period and erases one on request", async () => {
    const { db } = handle;
    const day = 86_400_000;
    const old = await makeOrder(db, { created_at: Date.now() - 200 * day });
    const recent = await makeOrder(db, { created_at: Date.now() - 10 * day });
    expect(await anonymiseExpiredCustomers(db, 180)).toBe(1);
    expect(await anonymiseExpiredCustomers(db, 180)).toBe(0);
    const rows = await db.selectFrom("orders").selectAll().orderBy("id").execute();
    expect(rows[0]).toMatchObject({
      order_id: old.order_id,
      customer_name: null,
      customer_phone: null,
      price_paise: 34_900,
    });
    expect(rows[1]).toMatchObject({ order_id: recent.order_id, customer_name: "Priya Sharma" });
    expect(await runOrderAction(services(db), { name: "owner" }, recent.order_id, { intent: "erase" })).toMatchObject({
      message: "Customer name and phone erased",
    });
    const erased = await db.selectFrom("orders").selectAll().where("order_id", "=", recent.order_id).executeTakeFirst();
    expect(erased?.customer_phone).toBeNull();
  });

  it("records every admin order action, with its outcome, in the order's history", async () => {
    const { db } = handle;
    const order = await makeOrder(db);
    const owner = { name: "owner" };
    expect(
      await runOrderAction(services(db), owner, `#${order.order_id.toLowerCase()}`, {
        intent: "cancel",
        byBuyer: false,
      }),
    ).toMatchObject({ message: "Order cancelled", order: { status: "cancelled" } });
    await expect(
      runOrderAction(services(db), owner, order.order_id, { intent: "cancel", byBuyer: false }),
    ).rejects.toMatchObject({
      code: "INVALID_TRANSITION",
      message: "Only an unpaid order can be cancelled (this one is cancelled)",
    });
    expect(await runOrderAction(services(db), owner, order.order_id, { intent: "erase" })).toMatchObject({
      message: "Customer name and phone erased",
    });
    await expect(runOrderAction(services(db), owner, "BKNOSUCHORDER", { intent: "delete" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    const trail = await auditTrailFor(db, "order", order.order_id);
    expect(trail.map((t) => [t.action, t.actor])).toEqual([
      ["order.erase", "owner"],
      ["order.cancel", "owner"],
      ["order.cancel", "owner"],
    ]);
    expect(JSON.parse(trail[2]!.details!)).toEqual({
      from: "awaiting_payment",
      to: "cancelled",
      reason: "cancelled by the operator",
    });
    expect(trail[1]!.details).toContain("Only an unpaid order can be cancelled");
  });

  it("keeps an audit trail per order with secrets masked", async () => {
    const { db } = handle;
    await recordAudit(db, {
      actor: "owner",
      action: "order.place",
      targetType: "order",
      targetId: "BK1",
      details: { apiKey: "secret-key-123456" },
    });
    await recordAudit(db, { actor: "owner", action: "order.cancel", targetType: "order", targetId: "BK1" });
    const trail = await auditTrailFor(db, "order", "BK1");
    expect(trail.map((t) => t.action)).toEqual(["order.cancel", "order.place"]);
    expect(trail[1]!.details).not.toContain("secret-key");
  });
});
