import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/database.server";
import { pushSender } from "~/domain/operator-alerts/channels/push.server";
import { vapidKeys } from "~/domain/operator-alerts/vapid.server";
import { type TestDatabase, testDatabases } from "../support/databases";
import { submitSettings } from "../support/admin-forms";
import { type PushDouble, startPushDouble } from "../support/push-double";
import type { ServerProcess } from "../support/server-process";
import { claimPaid, firstPlanId, placeOrder } from "../support/shop-orders";
import { type TestShop, afterJobs, startTestShop } from "../support/test-shop";

/**
 * Web Push alerts through the real production server and a local push
 * service: the VAPID keys are made at first start, a device subscribes from
 * the admin, an alert reaches it encrypted for it alone with the order's link,
 * and a device its push service says is gone (410) is removed.
 */

const BASE_URL = "http://localhost:3000";

describe.each(testDatabases())("Web Push alerts on $name", (kind: TestDatabase) => {
  let shop: TestShop;
  let server: ServerProcess;
  let handle: DatabaseHandle;
  let push: PushDouble;
  let cookie = "";
  let planId = 0;
  let seq = 0;

  beforeAll(async () => {
    push = await startPushDouble();
    // The jobs run when the test asks (afterJobs, runJobs), never on their own.
    shop = await startTestShop({
      engine: kind,
      simulator: true,
      env: {
        ALERT_RETRY_BASE_MS: "400",
        NODE_EXTRA_CA_CERTS: push.certFile,
        PUSH_ALLOW_PRIVATE_ADDRESSES: "true",
      },
    });
    ({ server, db: handle, cookie } = shop);
    planId = await firstPlanId(server.url);
  });
  afterAll(async () => {
    await shop?.stop();
    await push?.stop();
  });

  /** Runs the jobs (only when asked here) until `check` holds: nothing waits for their interval. */
  const eventually = <T>(what: string, check: () => Promise<T | undefined | false> | T | undefined | false) =>
    afterJobs(server, what, check);
  const subscriptions = (method: "POST" | "DELETE", body: unknown, session = cookie) =>
    fetch(`${server.url}/api/admin/push-subscriptions`, {
      method,
      headers: { "content-type": "application/json", origin: server.url, ...(session ? { cookie: session } : {}) },
      body: JSON.stringify(body),
    });
  const settings = async (fields: Record<string, string>) => (await submitSettings(shop, fields)).text;
  async function claimedOrder(): Promise<string> {
    const { orderId } = await placeOrder(server.url, { planId, username: `push_${seq}` });
    await claimPaid(server.url, orderId, `71234567${String(seq++).padStart(4, "0")}`);
    return orderId;
  }

  it("makes the VAPID key pair at first start, once, and never shows the private key", async () => {
    const keys = await eventually("the VAPID keys", async () => {
      const rows = await handle.db
        .selectFrom("settings")
        .select(["key", "value"])
        .where("key", "like", "ALERTS_VAPID_%")
        .execute();
      return rows.length === 2 && rows;
    });
    const page = await (await fetch(`${server.url}/admin/settings`, { headers: { cookie } })).text();
    expect(page).toContain(keys.find((k) => k.key === "ALERTS_VAPID_PUBLIC_KEY")!.value);
    expect(page).not.toContain(keys.find((k) => k.key === "ALERTS_VAPID_PRIVATE_KEY")!.value);
  });

  it("takes a device's subscription only from the signed-in operator, and only an https endpoint", async () => {
    const device = push.device();
    expect((await subscriptions("POST", device.subscription, "")).status).toBe(401);
    const plain = { ...device.subscription, endpoint: device.subscription.endpoint.replace("https:", "http:") };
    const refused = await subscriptions("POST", plain);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      success: false,
      message: "endpoint: The push endpoint must be an https:// address",
    });
    expect(await handle.db.selectFrom("alert_push_subscriptions").select("id").execute()).toHaveLength(0);
  });

  it("sends each alert to every subscribed device, encrypted for it, with the order's link; drops a device that is gone", async () => {
    const phone = push.device();
    const laptop = push.device();
    for (const device of [phone, laptop]) expect((await subscriptions("POST", device.subscription)).status).toBe(201);
    expect(await settings({ intent: "alerts-push", enabled: "on" })).toContain("Web Push alerts on");

    const orderId = await claimedOrder();
    // After the daily summary's hour the summary goes out too, in any order: look for this order's alert.
    const about = (device: typeof phone, id: string) => device.received.find((r) => r.payload.includes(id));
    await eventually("both devices' notifications", () => about(phone, orderId) && about(laptop, orderId));
    const received = about(phone, orderId)!;
    const alert = JSON.parse(received.payload) as { title: string; body: string; url: string };
    expect(alert.title).toContain(`Payment to confirm`);
    expect(alert.title).toContain(orderId);
    expect(alert.url).toBe(`${BASE_URL}/admin/orders/${orderId}`);
    expect(String(received.headers.authorization)).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);

    laptop.gone = true;
    const next = await claimedOrder();
    await eventually("the next notification", () => phone.received.some((r) => r.payload.includes(next)));
    await eventually("the gone device to be removed", async () => {
      const left = await handle.db.selectFrom("alert_push_subscriptions").select("endpoint").execute();
      return left.length === 1 && left[0]!.endpoint === phone.subscription.endpoint;
    });
    const row = await eventually("the alert recorded as sent", () =>
      handle.db
        .selectFrom("alert_outbox")
        .selectAll()
        .where("order_id", "=", next)
        .where("status", "=", "sent")
        .executeTakeFirst(),
    );
    expect(row.channel).toBe("push");
  });

  it("stops a device on request, and Send test then says no device is left", async () => {
    const [left] = await handle.db.selectFrom("alert_push_subscriptions").select("endpoint").execute();
    expect((await subscriptions("DELETE", { endpoint: left!.endpoint })).status).toBe(200);
    expect((await subscriptions("DELETE", { endpoint: left!.endpoint })).status).toBe(404);
    expect(await settings({ intent: "alerts-test", channel: "push" })).toContain(
      "No device has turned on notifications",
    );
    const audit = await handle.db
      .selectFrom("audit_log")
      .select("action")
      .where("action", "like", "alerts.push%")
      .orderBy("id")
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      "alerts.push-subscribe",
      "alerts.push-subscribe",
      "alerts.push",
      "alerts.push-unsubscribe",
    ]);
  });

  it("refuses to push to an endpoint on the shop's own machine unless allowed", async () => {
    const device = push.device();
    await handle.db
      .insertInto("alert_push_subscriptions")
      .values({
        endpoint: device.subscription.endpoint,
        p256dh: device.subscription.keys.p256dh,
        auth: device.subscription.keys.auth,
        device: "test",
        created_at: Date.now(),
      })
      .execute();
    const sender = pushSender(handle.db, {
      keys: await vapidKeys(handle.db),
      subject: "mailto:owner@shop.example.in",
      allowPrivate: false,
    });
    const message = { subject: "s", text: "t", link: `${BASE_URL}/admin`, orderId: null, confirmable: false };
    expect(await sender.send(message)).toEqual({
      kind: "permanent",
      error: "The push endpoint is a loopback address",
    });
    // A name that resolves to this machine is refused on the address connected to.
    await handle.db
      .updateTable("alert_push_subscriptions")
      .set({ endpoint: device.subscription.endpoint.replace("127.0.0.1", "localhost") })
      .where("endpoint", "=", device.subscription.endpoint)
      .execute();
    expect(await sender.send(message)).toEqual({
      kind: "permanent",
      error: "Web Push: the push endpoint is on a private network",
    });
    expect(device.received).toEqual([]);
  });
});
