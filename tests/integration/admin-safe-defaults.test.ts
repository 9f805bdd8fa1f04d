import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordCredit } from "~/domain/payments/matching.server";
import { findDefaultPanel } from "~/domain/panel/panels.repository.server";
import { PLACEHOLDER_UPI_ID, type SiteSettings, defaultSiteSettings } from "~/domain/settings/registry";
import { testDatabases } from "../support/databases";
import { ADMIN_AND_PANEL, type HostileShop, adminLogin, startShop } from "../support/hostile";
import { type RunningSimulator, startPanelSimulator } from "~/domain/panel/simulator/server.server";
import { makeOrder } from "../support/orders";

const PASSWORD = ADMIN_AND_PANEL.ADMIN_PASSWORD;

/** A port on this machine that nothing listens on. */
async function listenAndClose(): Promise<number> {
  const server = createServer();
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const { port } = server.address() as AddressInfo;
  await new Promise((ok) => server.close(ok));
  return port;
}
const CLOSED = "This shop is not taking payments yet — contact us at support@boostkaro.in or +91 98765 43210.";

/** What the operator sees above every admin page: the ids of the unsafe defaults named there. */
async function banner(shop: HostileShop, cookie: string, path = "/admin/dashboard"): Promise<string[]> {
  const res = await fetch(`${shop.url}${path}`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return [...(await res.text()).matchAll(/data-unsafe-default="([a-z-]+)"/g)].map((m) => m[1]!);
}

/** Submits one Settings form as the page does; answers the status and the action's data (turbo-stream text). */
async function settingsAction(shop: HostileShop, cookie: string, fields: Record<string, string>) {
  const res = await fetch(`${shop.url}/admin/settings.data`, {
    method: "POST",
    headers: { cookie, origin: shop.url },
    body: new URLSearchParams(fields),
  });
  return { status: res.status, text: await res.text() };
}

/** Saves the shop's default panel (a new one when it has none) on Admin → Panels, as its dialog does. */
async function saveDefaultPanel(shop: HostileShop, cookie: string, apiUrl: string, services: readonly string[]) {
  const panel = await findDefaultPanel(shop.db.db);
  const [followers, likes, views, comments] = services;
  const fields = {
    intent: "save",
    ...(panel ? { id: String(panel.id) } : {}),
    name: panel?.name ?? new URL(apiUrl).host,
    apiKey: "live-panel-key-0123456789",
    apiUrl,
    serviceFollowers: followers!,
    serviceLikes: likes!,
    serviceViews: views!,
    serviceComments: comments!,
    currency: "INR",
    inrRate: "",
  };
  const res = await fetch(`${shop.url}/admin/panels.data`, {
    method: "POST",
    headers: { cookie, origin: shop.url },
    body: new URLSearchParams(fields),
  });
  return { status: res.status, text: await res.text() };
}

async function createOrder(shop: HostileShop) {
  const plan = await shop.db.db
    .selectFrom("plans")
    .select("id")
    .where("service_type", "=", "followers")
    .orderBy("id")
    .executeTakeFirstOrThrow();
  const res = await fetch(`${shop.url}/api/create-order`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: shop.url },
    body: JSON.stringify({
      planId: plan.id,
      username: "priya.bakes",
      customerName: "Priya Sharma",
      customerPhone: "9812345678",
      agreedToTerms: true,
    }),
  });
  return {
    status: res.status,
    body: (await res.json()) as { success: boolean; message?: string; order?: { orderId: string } },
  };
}

const storeFields = (site: SiteSettings, publicBaseUrl: string, grievanceOfficerName = site.grievanceOfficerName) => ({
  intent: "store",
  brandName: site.brandName,
  publicBaseUrl,
  supportEmail: site.supportEmail,
  supportPhone: site.supportPhone,
  whatsappNumber: site.whatsappNumber,
  location: site.location,
  grievanceOfficerName,
  grievanceOfficerDesignation: site.grievanceOfficerDesignation,
  grievanceOfficerContact: site.grievanceOfficerContact,
  deliveryStartMinutes: String(site.deliveryStartMinutes),
  retentionDays: String(site.retentionDays),
});

describe.each(testDatabases())("safe defaults, loudly, on $name", (kind) => {
  describe("the demo shop (panel simulator on)", () => {
    let shop: HostileShop;
    let cookie = "";
    beforeAll(async () => {
      shop = await startShop(kind, ADMIN_AND_PANEL);
      cookie = await adminLogin(shop.url, "owner", PASSWORD);
    });
    afterAll(async () => shop?.stop());

    it("names each unsafe default above every admin page, and each goes as its setting is fixed", async () => {
      const all = [
        "upi-placeholder",
        "panel-simulator",
        "public-base-url",
        "grievance-officer-placeholder",
        "admin-password-env",
      ];
      expect(await banner(shop, cookie)).toEqual(all);
      expect(await banner(shop, cookie, "/admin/orders")).toEqual(all);
      const page = await (await fetch(`${shop.url}/admin/plans`, { headers: { cookie } })).text();
      expect(page).toContain('href="/admin/payments#accounts-title"');
      expect(page).toContain(PLACEHOLDER_UPI_ID);

      const site = defaultSiteSettings();
      expect((await settingsAction(shop, cookie, storeFields(site, "https://shop.example"))).status).toBe(200);
      expect(await banner(shop, cookie)).toEqual([
        "upi-placeholder",
        "panel-simulator",
        "grievance-officer-placeholder",
        "admin-password-env",
      ]);
      // The name earlier versions seeded is fictional too: still a placeholder.
      expect(
        (await settingsAction(shop, cookie, storeFields(site, "https://shop.example", "Priya Sharma"))).status,
      ).toBe(200);
      expect(await banner(shop, cookie)).toContain("grievance-officer-placeholder");
      const named = storeFields(site, "https://shop.example", "Anita Rao");
      expect((await settingsAction(shop, cookie, named)).status).toBe(200);
      expect(await banner(shop, cookie)).toEqual(["upi-placeholder", "panel-simulator", "admin-password-env"]);

      // The demo keeps taking orders with a QR for the placeholder, even at a public address.
      const demo = await createOrder(shop);
      expect(demo.status).toBe(201);
      const checkout = await (await fetch(`${shop.url}/checkout?order=${demo.body.order!.orderId}`)).text();
      expect(checkout).toContain(`pa=${PLACEHOLDER_UPI_ID}`);

      const payment = { intent: "payment", upiId: "shop@okaxis", merchantName: "Shop", autoSendPaidOrders: "true" };
      expect((await settingsAction(shop, cookie, payment)).status).toBe(200);
      expect(await banner(shop, cookie)).toEqual(["panel-simulator", "admin-password-env"]);

      const saved = await saveDefaultPanel(shop, cookie, "https://panel.example", ["1", "2", "3", "4"]);
      expect(saved.status, saved.text).toBe(200);
      // The simulator's line goes, but a panel line stays while the new panel does not answer (no network here).
      await expect
        .poll(() => banner(shop, cookie), { timeout: 20_000 })
        .toEqual(["panel-unreachable", "admin-password-env"]);
      const dashboard = await (await fetch(`${shop.url}/admin/dashboard`, { headers: { cookie } })).text();
      expect(dashboard).toMatch(
        /The SMM panel at panel\.example does not answer \(.+\)\. Paid orders wait until it does\./,
      );

      const credentials = {
        intent: "credentials",
        username: "owner",
        currentPassword: PASSWORD,
        newPassword: "a-new-long-password",
      };
      expect((await settingsAction(shop, cookie, credentials)).status).toBe(200);
      expect(await banner(shop, cookie)).toEqual(["panel-unreachable"]);
    });
  });

  describe("a panel that does not answer, then one that does", () => {
    let shop: HostileShop;
    let sim: RunningSimulator;
    let cookie = "";
    beforeAll(async () => {
      sim = await startPanelSimulator({ port: 0, apiKey: "live-panel-key-0123456789" });
      // The operator's own panel, which here runs on this machine.
      shop = await startShop(kind, {
        ADMIN_USERNAME: "owner",
        ADMIN_PASSWORD: PASSWORD,
        PANEL_ALLOW_PRIVATE_ADDRESSES: "true",
      });
      cookie = await adminLogin(shop.url, "owner", PASSWORD);
    });
    afterAll(async () => {
      await shop?.stop();
      await sim?.close();
    });

    const panelAt = (panelUrl: string) => saveDefaultPanel(shop, cookie, panelUrl, ["101", "102", "103", "104"]);

    it("keeps the panel line until the panel in the settings answers", async () => {
      // A production shop without the simulator and without a panel: paid orders could not be sent.
      expect(await banner(shop, cookie)).toContain("panel-unreachable");
      const closed = await listenAndClose();
      expect((await panelAt(`http://127.0.0.1:${closed}`)).status).toBe(200);
      await expect.poll(() => banner(shop, cookie), { timeout: 20_000 }).toContain("panel-unreachable");
      expect((await panelAt(`${sim.url}/api/v2`)).status).toBe(200);
      await expect.poll(() => banner(shop, cookie), { timeout: 20_000 }).not.toContain("panel-unreachable");
    });
  });

  describe("a real shop (production, no simulator)", () => {
    let shop: HostileShop;
    let cookie = "";
    const backupDir = mkdtempSync(join(tmpdir(), "shop-backups-"));
    beforeAll(async () => {
      shop = await startShop(kind, {
        ADMIN_USERNAME: "owner",
        ADMIN_PASSWORD: PASSWORD,
        BACKUP_DIR: backupDir,
      });
      cookie = await adminLogin(shop.url, "owner", PASSWORD);
    });
    afterAll(async () => {
      await shop?.stop();
      rmSync(backupDir, { recursive: true, force: true });
    });

    it("refuses orders for the placeholder UPI ID once the shop has a public address, and shows no QR", async () => {
      // On this machine's own address the shop is being tried out: orders are taken.
      expect((await createOrder(shop)).status).toBe(201);
      const open = await makeOrder(shop.db.db, { target: "open_before" });

      const site = defaultSiteSettings();
      expect((await settingsAction(shop, cookie, storeFields(site, "https://shop.example"))).status).toBe(200);
      const before = await shop.db.db.selectFrom("orders").select("id").execute();
      const refused = await createOrder(shop);
      expect(refused).toEqual({
        status: 503,
        body: {
          success: false,
          message: CLOSED,
          code: "UNAVAILABLE",
          reason: "PAYMENTS_CLOSED",
          email: "support@boostkaro.in",
          phone: "+91 98765 43210",
        },
      });
      expect(await shop.db.db.selectFrom("orders").select("id").execute()).toEqual(before);

      const checkout = await (await fetch(`${shop.url}/checkout?order=${open.order_id}`)).text();
      expect(checkout).toContain(CLOSED);
      expect(checkout).not.toContain("upi://pay");
      expect(checkout).not.toContain(PLACEHOLDER_UPI_ID);
      // The Hindi checkout says it in Hindi, with the same contacts.
      const hindi = await (await fetch(`${shop.url}/hi/checkout?order=${open.order_id}`)).text();
      expect(hindi).toContain("यह दुकान अभी पेमेंट नहीं ले रही है — कृपया support@boostkaro.in या +91 98765 43210 पर");
      // (The English words stay only in the page's hydration data, which the refusal's details travel with.)
      expect(hindi.replace(/<script\b[\s\S]*?<\/script>/g, "")).not.toContain(CLOSED);

      const payment = { intent: "payment", upiId: "shop@okaxis", merchantName: "Shop", autoSendPaidOrders: "true" };
      expect((await settingsAction(shop, cookie, payment)).status).toBe(200);
      expect((await createOrder(shop)).status).toBe(201);
      expect(await (await fetch(`${shop.url}/checkout?order=${open.order_id}`)).text()).toContain("pa=shop@okaxis");
    });

    it("restores deleted orders and payment credits from the Backups card, audited, and twice changes nothing", async () => {
      const { db } = shop.db;
      const paid = await makeOrder(db, { price_paise: 34_897, target: "restore_me" });
      await recordCredit(
        db,
        { source: "sms", amountPaise: 34_897, utr: "512345678901", at: Date.now(), evidence: { text: "credited" } },
        { graceSeconds: 86_400 },
      );
      const orders = await db
        .selectFrom("orders")
        .select(["order_id", "status", "price_paise"])
        .orderBy("id")
        .execute();
      const credits = await db.selectFrom("payment_credits").select(["utr", "order_id"]).orderBy("id").execute();
      expect(credits.map((c) => c.order_id)).toEqual([paid.order_id]);

      const deleted = await settingsAction(shop, cookie, { intent: "delete-selected", deleteOptions: "orders" });
      expect(deleted.status).toBe(200);
      expect(await db.selectFrom("orders").select("id").execute()).toEqual([]);
      expect(await db.selectFrom("payment_credits").select("id").execute()).toEqual([]);
      const [name] = readdirSync(backupDir).filter((n) => n.endsWith("-orders.jsonl.gz"));

      // The card shows the backup and what it holds before anything is restored.
      const settingsPage = await (await fetch(`${shop.url}/admin/settings`, { headers: { cookie } })).text();
      expect(settingsPage).toContain(`Restore ${name}`);

      const restored = await settingsAction(shop, cookie, { intent: "restore-backup", backup: name! });
      expect(restored.status).toBe(200);
      expect(restored.text).toContain(
        `Restored ${orders.length} orders, 1 payment credit, 0 plans and 0 settings (rows that still existed were kept)`,
      );
      expect(
        await db.selectFrom("orders").select(["order_id", "status", "price_paise"]).orderBy("id").execute(),
      ).toEqual(orders);
      expect(await db.selectFrom("payment_credits").select(["utr", "order_id"]).orderBy("id").execute()).toEqual(
        credits,
      );

      const again = await settingsAction(shop, cookie, { intent: "restore-backup", backup: name! });
      expect(again.text).toContain("Restored 0 orders, 0 payment credits, 0 plans and 0 settings");
      expect(
        await db.selectFrom("orders").select(["order_id", "status", "price_paise"]).orderBy("id").execute(),
      ).toEqual(orders);

      const audit = await db
        .selectFrom("audit_log")
        .select(["actor", "target_id", "details"])
        .where("action", "=", "backup.restore")
        .orderBy("id")
        .execute();
      expect(audit).toHaveLength(2);
      expect(audit[0]).toMatchObject({ actor: "owner", target_id: name });
      expect(JSON.parse(audit[0]!.details!)).toEqual({
        restored: { orders: orders.length, payment_credits: 1, plans: 0, settings: 0, panels: 0 },
      });
    });

    it("refuses a name that is not a backup, and changes nothing", async () => {
      const { db } = shop.db;
      const count = async () => ({
        orders: (await db.selectFrom("orders").select("id").execute()).length,
        audit: (await db.selectFrom("audit_log").select("id").where("action", "=", "backup.restore").execute()).length,
      });
      const before = await count();
      for (const bad of [
        "../shop.db",
        "/etc/passwd",
        "backup-20990101T000000Z-orders.jsonl.gz",
        "backup-x.jsonl.gz",
        `${readdirSync(backupDir)[0]}/..`,
      ]) {
        const answer = await settingsAction(shop, cookie, { intent: "restore-backup", backup: bad });
        expect(answer.status, bad).toBe(404);
        expect(answer.text, bad).toContain("There is no such backup");
      }
      // A file named like a backup that is not one: refused as unreadable, nothing restored.
      const junk = {
        "backup-20990101T000000Z-junk.jsonl.gz": Buffer.from("not gzip"),
        "backup-20990101T000001Z-foreign.jsonl.gz": gzipSync('{"hello":1}\n'),
      };
      for (const [name, bytes] of Object.entries(junk)) {
        writeFileSync(join(backupDir, name), bytes);
        const answer = await settingsAction(shop, cookie, { intent: "restore-backup", backup: name });
        expect(answer.status, name).toBe(400);
        expect(answer.text, name).toContain(`${name} could not be read as a backup of this shop`);
      }
      expect(await count()).toEqual(before);
    });
  });
});
