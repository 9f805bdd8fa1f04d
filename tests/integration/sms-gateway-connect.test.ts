import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OrderStatus, PAID_STATUSES } from "~/domain/orders/lifecycle";
import { smsSecret } from "~/domain/payments/payment-settings.server";
import { smsGatewaySettings } from "~/domain/payments/sms-gateway/connect.server";
import { readSettings } from "~/domain/settings/store.server";
import { writeSettings } from "~/domain/settings/settings.server";
import { setFirstAccount } from "../support/accounts";
import { type TestDatabase, testDatabases } from "../support/databases";
import { type SmsGatewayDouble, startSmsGatewayDouble } from "../support/sms-gateway-double";
import { hdfcCreditSms } from "../support/sms";
import { type TestShop, startTestShop } from "../support/test-shop";

/**
 * Issue 45, point 12: the SMS forwarder's webhook is registered through SMS
 * Gateway for Android's own API (a double following its documented answers,
 * tests/support/sms-gateway-double.ts) when the operator presses Connect in
 * Settings → Payment alerts, instead of a curl to the phone. Registered once
 * however often Connect is pressed; the app's signing key set to the shop's
 * SMS secret (Local server), so a bank SMS the phone receives is delivered
 * signed and confirms the order; each refusal of the app said at its field.
 */
describe.each(testDatabases())("Connect SMS Gateway for Android on $name", (kind: TestDatabase) => {
  let shop: TestShop;
  let phone: SmsGatewayDouble;
  let cloud: SmsGatewayDouble;

  beforeAll(async () => {
    shop = await startTestShop({ engine: kind, simulator: true });
    phone = await startSmsGatewayDouble();
    cloud = await startSmsGatewayDouble({ mode: "cloud", username: "JX3MBY", password: "cloud-pass-1" });
    await setFirstAccount(shop.db.db, { digits: "1234" });
  });
  afterAll(async () => {
    await phone?.stop();
    await cloud?.stop();
    await shop?.stop();
  });

  const connect = async (fields: Record<string, string>) => {
    const res = await fetch(`${shop.url}/admin/settings.data`, {
      method: "POST",
      body: new URLSearchParams({ intent: "sms-gateway-connect", ...fields }),
      headers: { cookie: shop.cookie, origin: shop.url },
    });
    return { status: res.status, text: await res.text() };
  };
  /** Writes the shop's address, as another instance would, and waits until the server reads it (its settings copy checks every second). */
  const setPublicBase = async (base: string) => {
    await writeSettings(shop.db.db, { publicBaseUrl: base });
    const canonical = base.replace(/\/+$/, "");
    await expect
      .poll(async () => (await (await fetch(`${shop.url}/robots.txt`)).text()).includes(canonical), { timeout: 10_000 })
      .toBe(true);
  };
  const local = () => ({
    gatewayAddress: phone.address,
    gatewayUsername: phone.username,
    gatewayPassword: phone.password,
  });
  const savedKeys = async () =>
    (await shop.db.db.selectFrom("settings").select(["key", "value"]).where("key", "like", "PAYMENTS_SMS_%").execute())
      .map((r) => `${r.key}=${r.value}`)
      .sort();

  it("refuses what the app refuses, at the field to fix, and changes nothing", async () => {
    const before = await savedKeys();
    // The shop's address is still http:// to another host: the app takes only https:// (or http://127.0.0.1).
    await setPublicBase("http://shop.local:3000");
    const http = await connect(local());
    expect(http.status).toBe(400);
    expect(http.text).toContain("The app takes only an https:// address for the shop");
    expect(http.text).toContain("url must start with https:// or http://127.0.0.1");
    expect(phone.webhooks).toEqual([]);

    await setPublicBase(shop.url);
    const wrong = await connect({ ...local(), gatewayPassword: "not-it" });
    expect(wrong.text).toContain("The app refused the username or password");
    expect(wrong.text).toContain("gatewayPassword");
    const nobody = await connect({ ...local(), gatewayAddress: "http://127.0.0.1:9" });
    expect(nobody.text).toContain("No answer from http://127.0.0.1:9");
    expect(nobody.text).toContain("gatewayAddress");
    const notTheApp = await connect({ ...local(), gatewayAddress: `${shop.url}/no-such-api` });
    expect(notTheApp.text).toContain("answered, but not as SMS Gateway for Android does");
    const empty = await connect({ ...local(), gatewayAddress: "" });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain("Give the address the app shows");
    // The password is never echoed back, even in a refusal.
    expect(wrong.text + nobody.text + notTheApp.text).not.toContain(phone.password);
    expect(phone.webhooks).toEqual([]);
    // The first refusal (from the app, after the shop read its secret) made no secret either.
    expect(await savedKeys()).toEqual(before);
  });

  it("registers one webhook for sms:received however often Connect is pressed, and sets the signing key", async () => {
    const postsBefore = phone.calls.filter((c) => c.method === "POST").length;
    const first = await connect(local());
    expect(first.status).toBe(200);
    expect(first.text).toContain(`Connected: the app sends each SMS it receives to ${shop.url}/api/payments/sms-alert`);
    const posts = () => phone.calls.filter((c) => c.method === "POST").length - postsBefore;
    expect(posts()).toBe(1);
    // Pressed again (the password left empty: the saved one): listed, found, nothing posted.
    expect((await connect({ ...local(), gatewayPassword: "" })).status).toBe(200);
    expect(posts()).toBe(1);
    // Two at once (a double click, two instances): both may post, with the same id, so the app keeps one.
    const both = await Promise.all([connect(local()), connect(local())]);
    expect(both.map((b) => b.status)).toEqual([200, 200]);
    expect(phone.webhooks).toHaveLength(1);
    expect(phone.webhooks[0]).toMatchObject({ url: `${shop.url}/api/payments/sms-alert`, event: "sms:received" });
    expect(phone.webhooks[0]!.id).toMatch(/^shop-sms-[0-9a-f]{24}$/);
    // The app signs with the shop's SMS secret, made for this connection as none existed.
    const secret = await smsSecret(shop.db.db);
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(phone.signingKey()).toBe(secret);
    // Kept as the other secrets are: the password saved, never on the page.
    const saved = await readSettings(shop.db.db, smsGatewaySettings);
    expect(saved).toMatchObject({ address: phone.address, username: "sms", password: phone.password });
    const page = await fetch(`${shop.url}/admin/settings`, { headers: { cookie: shop.cookie } });
    const html = await page.text();
    expect(html).toContain(`Connected to ${phone.address}`);
    expect(html).not.toContain(phone.password);
  });

  it("a bank SMS the phone receives reaches the shop signed and confirms the order it pays", async () => {
    const { plans } = (await (await fetch(`${shop.url}/api/plans`)).json()) as {
      plans: Array<{ _id: string; serviceType: string }>;
    };
    const res = await fetch(`${shop.url}/api/create-order`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        planId: Number(plans.find((p) => p.serviceType === "followers")!._id),
        username: "gateway_buyer",
        customerName: "Asha",
        customerPhone: "9876543210",
        agreedToTerms: true,
      }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { order } = (await res.json()) as { order: { orderId: string; price: number } };
    const paise = Math.round(order.price * 100);
    expect(await phone.receive(hdfcCreditSms(paise, "512345678901"), "VM-HDFCBK")).toEqual([200]);
    const status = (await (await fetch(`${shop.url}/api/order-status?orderId=${order.orderId}`)).json()) as {
      status: OrderStatus;
    };
    expect(PAID_STATUSES).toContain(status.status);
    // README's sample SMS (not a bank's): received, read, not a payment.
    expect(await phone.receive("Received SMS text", "+19162255887")).toEqual([200]);
  });

  it("a new shop address replaces the webhook registered for the old one", async () => {
    const oldId = phone.webhooks[0]!.id;
    // The same address with a trailing slash is the same webhook: nothing new.
    await setPublicBase(`${shop.url}/`);
    expect((await connect(local())).status).toBe(200);
    expect(phone.webhooks.map((w) => w.id)).toEqual([oldId]);
    await setPublicBase("https://shop.example.in");
    expect((await connect(local())).status).toBe(200);
    expect(phone.webhooks).toHaveLength(1);
    expect(phone.webhooks[0]).toMatchObject({ url: "https://shop.example.in/api/payments/sms-alert" });
    expect(phone.webhooks[0]!.id).not.toBe(oldId);
    await setPublicBase(shop.url);
  });

  it("through the Cloud server: registered there, and the operator is told to paste the secret as the Signing Key", async () => {
    const answer = await connect({
      gatewayAddress: cloud.address,
      gatewayUsername: cloud.username,
      gatewayPassword: cloud.password,
    });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain("Connected through the Cloud server");
    expect(answer.text).toContain("Settings → Webhooks → Signing Key");
    expect(cloud.webhooks).toHaveLength(1);
    // The Cloud server cannot set a signing key: the shop never tries.
    expect(cloud.calls.some((c) => c.path.endsWith("/settings"))).toBe(false);
  });

  const disconnect = async () => {
    const res = await fetch(`${shop.url}/admin/settings.data`, {
      method: "POST",
      body: new URLSearchParams({ intent: "sms-gateway-disconnect" }),
      headers: { cookie: shop.cookie, origin: shop.url },
    });
    return { status: res.status, text: await res.text() };
  };

  it("Disconnect deletes the shop's webhook in the app and forgets the password; a second press changes nothing", async () => {
    const ours = `${shop.url}/api/payments/sms-alert`;
    expect((await connect(local())).status).toBe(200);
    expect(phone.webhooks.map((w) => w.url)).toContain(ours);
    const answer = await disconnect();
    expect(answer.status).toBe(200);
    expect(answer.text).toContain(`Disconnected: the app at ${phone.address} no longer sends its SMS to this shop.`);
    expect(phone.webhooks.map((w) => w.url)).not.toContain(ours);
    const saved = await readSettings(shop.db.db, smsGatewaySettings);
    // The address and username stay, to connect again; the password and the connection go.
    expect(saved).toMatchObject({
      address: phone.address,
      username: "sms",
      password: "",
      webhookId: "",
      connectedAt: 0,
    });
    const html = await (await fetch(`${shop.url}/admin/settings`, { headers: { cookie: shop.cookie } })).text();
    expect(html).toContain("Not connected.");
    const before = await savedKeys();
    const again = await disconnect();
    expect(again.status).toBe(400);
    expect(again.text).toContain("SMS Gateway is not connected: nothing to disconnect");
    expect(await savedKeys()).toEqual(before);
  });

  it("an app that no longer answers (a lost phone): the shop forgets it anyway and says what is left to do", async () => {
    const lost = await startSmsGatewayDouble();
    try {
      expect(
        (
          await connect({
            gatewayAddress: lost.address,
            gatewayUsername: lost.username,
            gatewayPassword: lost.password,
          })
        ).status,
      ).toBe(200);
    } finally {
      await lost.stop();
    }
    const answer = await disconnect();
    expect(answer.status).toBe(200);
    expect(answer.text).toContain(`Disconnected here, but the app at ${lost.address} did not answer`);
    expect(answer.text).toContain("Delete the webhook in the app (Settings → Webhooks)");
    expect((await readSettings(shop.db.db, smsGatewaySettings)).connectedAt).toBe(0);
  });
});
