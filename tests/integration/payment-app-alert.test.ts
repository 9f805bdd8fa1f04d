import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/database.server";
import type { OrderStatus } from "~/domain/orders/lifecycle";
import { rotateAppSecret, rotateSmsSecret, saveRegisteredApps } from "~/domain/payments/payment-settings.server";
import { phonepeNotification, postAppAlert } from "../support/app-notification";
import { type TestDatabase, testDatabases } from "../support/databases";
import { setFirstAccount } from "../support/accounts";
import { orderByApi } from "../support/shop-orders";
import { type TestShop, startTestShop } from "../support/test-shop";
import { gatewayBody, hdfcCreditSms, postSms, rupees, signedHeaders } from "../support/sms";

/**
 * The payment-app notification source through the real production server (issue 44, point 4): only a
 * request signed with the notification secret, within 5 minutes and never seen before is read; a
 * registered business app's payment notification confirms the order whose amount it names, once however
 * often the phone relays it; another app's, or one the operator did not tick, is set aside. And point 5's
 * unknown SMS header: set aside, then read as its bank's after the operator's one click.
 */

describe.each(testDatabases())("payment-app notifications on $name", (engine: TestDatabase) => {
  let shop: TestShop;
  let handle: DatabaseHandle;
  let server: { url: string };
  let secret = "";
  let cookie = "";
  let planId = 0;
  let utrSeq = 0;
  const nextUtr = () => String(600_000_000_000 + (Date.now() % 100_000_000) * 100 + (utrSeq++ % 100));

  beforeAll(async () => {
    shop = await startTestShop({ engine });
    ({ db: handle, cookie } = shop);
    server = { url: shop.url };
    planId = shop.planIds["Starter Followers"]!;
  });
  afterAll(async () => shop?.stop());

  async function order(i: number): Promise<{ orderId: string; pricePaise: number }> {
    const orderId = await orderByApi(server.url, { planId, username: `app_buyer_${i}`, phone: "9876543210" });
    const row = await handle.db
      .selectFrom("orders")
      .select("price_paise")
      .where("order_id", "=", orderId)
      .executeTakeFirstOrThrow();
    return { orderId, pricePaise: row.price_paise };
  }
  const status = async (orderId: string) =>
    ((await (await fetch(`${server.url}/api/order-status?orderId=${orderId}`)).json()) as { status: OrderStatus })
      .status;
  const post = (body: string, headers = signedHeaders(secret, body)) => postAppAlert(server.url, body, headers);

  it("answers 503 until a notification secret is made, and reads nothing", async () => {
    const { orderId, pricePaise } = await order(1);
    const body = phonepeNotification(pricePaise);
    const res = await post(body, signedHeaders("0".repeat(64), body));
    expect(res.status).toBe(503);
    expect(((await res.json()) as { message: string }).message).toMatch(/Payment app notifications/);
    expect(await status(orderId)).toBe("awaiting_payment");
    secret = await rotateAppSecret(handle.db);
    await saveRegisteredApps(handle.db, ["phonepe-business"]);

    // Issue 44, point 3: no alert source confirms anything until a receiving account has its digits.
    const early = phonepeNotification(pricePaise);
    expect(await (await post(early)).json()).toMatchObject({ outcome: "unmatched", reason: "no_account_digits" });
    expect(await status(orderId)).toBe("awaiting_payment");
    await setFirstAccount(handle.db, { digits: "1234" });
  });

  it("refuses unsigned, forged, stale, tampered and replayed requests, and they confirm nothing", async () => {
    const { orderId, pricePaise } = await order(2);
    const body = phonepeNotification(pricePaise);
    const smsSecret = await rotateSmsSecret(handle.db);
    const refusals: [string, Record<string, string>, number, RegExp][] = [
      ["unsigned", { "content-type": "application/json" }, 401, /X-Signature and X-Timestamp/],
      ["the SMS secret", signedHeaders(smsSecret, body), 401, /does not match/],
      ["six minutes old", signedHeaders(secret, body, Date.now() - 360_000), 401, /5 minutes/],
    ];
    for (const [what, headers, code, message] of refusals) {
      const res = await post(body, headers);
      expect(res.status, what).toBe(code);
      expect(((await res.json()) as { message: string }).message, what).toMatch(message);
    }
    expect((await post(body.replace("4892", "4893"), signedHeaders(secret, body))).status).toBe(401);
    expect(await status(orderId)).toBe("awaiting_payment");

    const headers = signedHeaders(secret, body);
    expect((await post(body, headers)).status).toBe(200);
    expect((await post(body, headers)).status).toBe(409);
    expect(await status(orderId)).not.toBe("awaiting_payment");
  });

  it("confirms the order a PhonePe Business notification names, once however often the phone relays it", async () => {
    const orders = await Promise.all([order(10), order(11), order(12)]);
    const target = orders[1];
    const txn = "T2503282015099540319782";
    const body = phonepeNotification(target.pricePaise, txn);
    const res = await post(body);
    expect(await res.json()).toEqual({ success: true, outcome: "confirmed", orderId: target.orderId });
    expect(["paid", "sending", "sent"]).toContain(await status(target.orderId));
    expect(await status(orders[0].orderId)).toBe("awaiting_payment");
    const row = await handle.db
      .selectFrom("orders")
      .select(["paid_by", "payment_evidence"])
      .where("order_id", "=", target.orderId)
      .executeTakeFirstOrThrow();
    expect(row.paid_by).toBe("bank-alert:app:PhonePe Business");
    expect(JSON.parse(row.payment_evidence!)).toMatchObject({
      source: "app:PhonePe Business",
      template: "reader:phonepe-business",
      amountPaise: target.pricePaise,
    });
    const credit = await handle.db
      .selectFrom("payment_credits")
      .select(["source", "evidence"])
      .where("order_id", "=", target.orderId)
      .executeTakeFirstOrThrow();
    expect(credit.source).toBe("app");
    expect(JSON.parse(credit.evidence)).toMatchObject({
      from: "com.phonepe.app.business",
      txnId: txn,
      app: "phonepe-business",
    });

    // The same notification relayed again (a new request, newly signed): the same credit, nothing more.
    const again = phonepeNotification(target.pricePaise, txn);
    expect(await (await post(again)).json()).toMatchObject({ outcome: "duplicate" });
    const credits = await handle.db
      .selectFrom("payment_credits")
      .select("id")
      .where("evidence", "like", `%${txn}%`)
      .execute();
    expect(credits).toHaveLength(1);
  });

  it("sets aside a payment notification from an app the operator did not register, or any other app", async () => {
    const { orderId, pricePaise } = await order(20);
    for (const app of ["com.paytm.business", "com.whatsapp"]) {
      const body = phonepeNotification(pricePaise, undefined, app);
      expect(await (await post(body)).json()).toMatchObject({ outcome: "unmatched", reason: "untrusted_sender" });
    }
    expect(await status(orderId)).toBe("awaiting_payment");
    const setAside = await handle.db
      .selectFrom("payment_credits")
      .select(["amount_paise", "reason", "evidence"])
      .where("source", "=", "app")
      .where("reason", "=", "untrusted_sender")
      .execute();
    expect(setAside).toHaveLength(2);
    expect(setAside.every((c) => c.amount_paise === null)).toBe(true);
    // An app's ordinary notification (no payment in it) is not kept at all.
    const chatter = JSON.stringify({
      app: "com.phonepe.app.business",
      title: "PhonePe",
      text: "Your settlement report is ready",
    });
    expect(await (await post(chatter)).json()).toMatchObject({ outcome: "ignored" });
  });

  it("confirms nothing for 400 hostile notifications near a real one, signed with the shop's secret", async () => {
    const open = await Promise.all([order(40), order(41), order(42)]);
    const amounts = open.map((o) => o.pricePaise);
    const apps = [
      "com.phonepe.app.business",
      "com.paytm.business",
      "com.whatsapp",
      "",
      "com.phonepe.app.business\u0000",
    ];
    const nearMiss = fc
      .tuple(fc.constantFrom(...amounts), fc.integer({ min: 0, max: 8 }), fc.constantFrom(...apps))
      .map(([paise, variant, app]) => {
        const amount = rupees(paise);
        const texts = [
          `Paid Rs ${amount} to Asha via PhonePe`,
          `You've received Rs ${amount} from Rs 1.00 via PhonePe`,
          `Payment request of Rs ${amount} from Asha`,
          `Rs ${amount} refund received`,
          `₹${amount} का भुगतान अनुरोध प्राप्त हुआ`,
          `₹${amount} Test Customer से प्राप्त हुआ नहीं`,
          `You've r\u0435ceived Rs ${amount} from Asha`,
          `You've received Rs ${amount}\u200b from Asha`,
          `Your OTP is 123456 to receive Rs ${amount}`,
        ];
        return JSON.stringify({ app, title: "PhonePe Business", text: texts[variant] });
      });
    const anything = fc
      .record({
        app: fc.constantFrom(...apps),
        title: fc.string({ maxLength: 80 }),
        text: fc.string({ maxLength: 300 }),
      })
      .map((n) => JSON.stringify(n));
    const bodies = fc.sample(fc.oneof(nearMiss, anything, fc.string({ maxLength: 200 })), { numRuns: 400, seed: 44 });
    for (let i = 0; i < bodies.length; i += 20) {
      await Promise.all(
        bodies.slice(i, i + 20).map(async (body) => {
          const res = await post(body);
          // 409: the same body twice in one second is the same signature, a replay.
          expect([200, 400, 409]).toContain(res.status);
          expect(((await res.json()) as { outcome?: string }).outcome).not.toBe("confirmed");
        }),
      );
    }
    for (const o of open) expect(await status(o.orderId)).toBe("awaiting_payment");
  }, 300_000);

  it("refuses a body that is not a notification with a clear message, and keeps nothing", async () => {
    const before = await handle.db.selectFrom("payment_credits").select("id").execute();
    const res = await post(JSON.stringify({ title: "no app", text: "Rs 5 received" }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/app/i);
    expect(await handle.db.selectFrom("payment_credits").select("id").execute()).toHaveLength(before.length);
  });

  it("sets aside a bank SMS from an unknown header; the operator's one click reads that header as its bank", async () => {
    const smsSecret = await rotateSmsSecret(handle.db);
    const sms = (text: string, from: string) => {
      const body = gatewayBody(text, from);
      return postSms(server.url, body, signedHeaders(smsSecret, body));
    };
    const first = await order(30);
    const unknown = await sms(hdfcCreditSms(first.pricePaise, nextUtr()), "VM-HDFCSM-S");
    expect(await unknown.json()).toMatchObject({ outcome: "unmatched", reason: "untrusted_sender" });
    expect(await status(first.orderId)).toBe("awaiting_payment");

    const credit = await handle.db
      .selectFrom("payment_credits")
      .select("id")
      .where("evidence", "like", "%VM-HDFCSM-S%")
      .executeTakeFirstOrThrow();
    const page = await (await fetch(`${server.url}/admin/payments`, { headers: { cookie } })).text();
    expect(page).toContain("Read HDFCSM as HDFC Bank&#x27;s sender");

    const act = (fields: Record<string, string>) =>
      fetch(`${server.url}/admin/payments.data`, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { cookie, origin: server.url },
      });
    expect(await (await act({ intent: "add-sender", creditId: String(credit.id), bankId: "hdfc" })).text()).toContain(
      "read as HDFC Bank",
    );
    // Twice: one row, one audit entry.
    await act({ intent: "add-sender", creditId: String(credit.id), bankId: "hdfc" });
    expect(await handle.db.selectFrom("payment_sms_headers").selectAll().execute()).toEqual([
      expect.objectContaining({ header: "HDFCSM", bank_id: "hdfc", added_by: "owner" }),
    ]);
    const audit = await handle.db
      .selectFrom("audit_log")
      .select(["action", "actor"])
      .where("action", "=", "payments.sender_add")
      .execute();
    expect(audit).toEqual([{ action: "payments.sender_add", actor: "owner" }]);

    const second = await order(31);
    const known = await sms(hdfcCreditSms(second.pricePaise, nextUtr()), "JD-HDFCSM-S");
    expect(await known.json()).toEqual({ success: true, outcome: "confirmed", orderId: second.orderId });

    // Shown in Settings, and removable there.
    const settings = await (await fetch(`${server.url}/admin/settings`, { headers: { cookie } })).text();
    expect(settings).toContain("Sender headers you added");
    const removed = await fetch(`${server.url}/admin/settings.data`, {
      method: "POST",
      body: new URLSearchParams({ intent: "sender-remove", header: "HDFCSM" }),
      headers: { cookie, origin: server.url },
    });
    expect(await removed.text()).toContain("no longer read as HDFC Bank");
    const third = await order(32);
    expect(await (await sms(hdfcCreditSms(third.pricePaise, nextUtr()), "JD-HDFCSM-S")).json()).toMatchObject({
      reason: "untrusted_sender",
    });
  });

  it("never adds a look-alike of a bank's header, a promotional route or a phone number", async () => {
    const smsSecret = await rotateSmsSecret(handle.db);
    for (const from of ["VM-HDFCBX-S", "+919812345678"]) {
      const body = gatewayBody(hdfcCreditSms(11_111, nextUtr()), from);
      await postSms(server.url, body, signedHeaders(smsSecret, body));
    }
    const page = await (await fetch(`${server.url}/admin/payments`, { headers: { cookie } })).text();
    expect(page).not.toContain("Read HDFCBX");
    const lookalike = await handle.db
      .selectFrom("payment_credits")
      .select("id")
      .where("evidence", "like", "%VM-HDFCBX-S%")
      .executeTakeFirstOrThrow();
    const res = await fetch(`${server.url}/admin/payments.data`, {
      method: "POST",
      body: new URLSearchParams({ intent: "add-sender", creditId: String(lookalike.id), bankId: "hdfc" }),
      headers: { cookie, origin: server.url },
    });
    expect(await res.text()).toContain("cannot be added");
    expect(await handle.db.selectFrom("payment_sms_headers").selectAll().execute()).toEqual([]);
  });
});
