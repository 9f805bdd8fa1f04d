import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rotateSmsSecret } from "~/domain/payments/payment-settings.server";
import type { CheckView } from "~/domain/payments/check/check.server";
import { setFirstAccount } from "../support/accounts";
import { type TestDatabase, testDatabases } from "../support/databases";
import { gatewayBody, hdfcCreditSms, postSms, signedHeaders } from "../support/sms";
import { type TestShop, startTestShop } from "../support/test-shop";

/**
 * Settings' "pay ₹1 to yourself" (issue 44, point 7) through the production
 * server: the check asks for a unique ₹1.01-₹1.99 on one of the shop's
 * accounts, and each alert that arrives says how far the chain went — an SMS
 * that is not read, one for another account, one for another amount — until
 * the right one confirms it. No order is made, none is paid.
 */
describe.each(testDatabases())("the payment check on $name", (engine: TestDatabase) => {
  let shop: TestShop;
  let secret = "";
  let utrSeq = 0;
  const nextUtr = () => String(700_000_000_000 + (Date.now() % 100_000_000) * 100 + (utrSeq++ % 100));

  beforeAll(async () => {
    shop = await startTestShop({ engine });
    secret = await rotateSmsSecret(shop.db.db);
  });
  afterAll(async () => shop?.stop());

  const api = async (body?: unknown) => {
    const res = await fetch(`${shop.url}/api/admin/payment-check`, {
      method: body ? "POST" : "GET",
      headers: { cookie: shop.cookie, origin: shop.url, "content-type": "application/json" },
      body: body ? JSON.stringify(body) : undefined,
    });
    return {
      status: res.status,
      body: (await res.json()) as { success: boolean; check: CheckView | null; accounts: { id: number }[] },
    };
  };
  const sms = async (text: string, from = "VM-HDFCBK") => {
    const body = gatewayBody(text, from);
    return (await (await postSms(shop.url, body, signedHeaders(secret, body))).json()) as { outcome: string };
  };
  const stage = (check: CheckView, key: string) => check.stages.find((s) => s.key === key)!;

  it("says which stage failed and what to fix, then confirms the exact payment, and makes no order", async () => {
    const ordersBefore = await shop.db.db.selectFrom("orders").select("id").execute();
    const { body: empty } = await api();
    expect(empty.check).toBeNull();
    const account = empty.accounts[0]!.id;

    // No digits on the account yet: the alert is read, but set aside before it could match.
    const { body: started } = await api({ intent: "start", accountId: account });
    const check = started.check!;
    expect(check.status).toBe("waiting");
    expect(check.amountPaise).toBeGreaterThan(100);
    expect(check.amountPaise).toBeLessThan(200);
    expect(check.upiLink).toContain(`am=1.${String(check.amountPaise - 100).padStart(2, "0")}`);
    expect(check.qrDataUri).toMatch(/^data:image\/svg\+xml/);
    expect(check.stages.map((s) => s.state)).toEqual(["waiting", "not_reached", "not_reached", "not_reached"]);

    // An SMS no reader takes as a credit (an OTP): received, not read, and why.
    await sms("Your OTP for login is 482913. Do not share it with anyone. -HDFC Bank");
    let now = (await api()).body.check!;
    expect(stage(now, "received")).toMatchObject({ state: "done" });
    expect(stage(now, "received").detail).toContain("VM-HDFCBK");
    expect(stage(now, "read").detail).toMatch(/Not read as a credit/);

    await sms(hdfcCreditSms(check.amountPaise, nextUtr()));
    now = (await api()).body.check!;
    expect(stage(now, "read")).toMatchObject({ state: "done" });
    expect(stage(now, "read").detail).toContain("A/c XX1234");
    expect(stage(now, "matched").detail).toMatch(/Set aside: no receiving account has its last digits/);
    expect(stage(now, "matched").fix).toMatch(/Enter, on the receiving account, the last digits/);

    // With the digits, an alert of another amount is read and tied to the account, but is not the check's.
    await setFirstAccount(shop.db.db, { digits: "1234" });
    await sms(hdfcCreditSms(100, nextUtr()));
    now = (await api()).body.check!;
    expect(stage(now, "matched").detail).toMatch(/The alert says ₹1\.00; the check asked for exactly/);
    expect(stage(now, "matched").fix).toMatch(/Pay exactly/);

    const utr = nextUtr();
    expect(await sms(hdfcCreditSms(check.amountPaise, utr))).toMatchObject({ outcome: "check" });
    now = (await api()).body.check!;
    expect(now.status).toBe("confirmed");
    expect(now.stages.map((s) => s.state)).toEqual(["done", "done", "done", "done"]);
    expect(now.qrDataUri).toBeNull();

    // Never an order: none made, none paid; the credit is kept as the check's.
    expect(await shop.db.db.selectFrom("orders").select("id").execute()).toEqual(ordersBefore);
    const credit = await shop.db.db
      .selectFrom("payment_credits")
      .selectAll()
      .where("utr", "=", utr)
      .executeTakeFirstOrThrow();
    expect(credit).toMatchObject({ status: "check", order_id: null, amount_paise: check.amountPaise });
    const audit = await shop.db.db
      .selectFrom("audit_log")
      .select("action")
      .where("action", "like", "payment_check.%")
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["payment_check.start"]);
  });

  it("says no alert arrived, and where to look, when the time runs out; refuses strangers and bad input", async () => {
    const { body } = await api({ intent: "start", accountId: (await api()).body.accounts[0]!.id });
    await shop.db.db
      .updateTable("payment_checks")
      .set({ expires_at: Date.now() - 1 })
      .where("id", "=", body.check!.id)
      .execute();
    const now = (await api()).body.check!;
    expect(now.status).toBe("failed");
    expect(stage(now, "received")).toMatchObject({ state: "failed", detail: "No alert reached the shop" });
    expect(stage(now, "received").fix).toMatch(/forwarder app/);

    expect((await api({ intent: "start", accountId: 999_999 })).status).toBe(404);
    expect((await api({ intent: "launch" })).status).toBe(400);
    const stranger = await fetch(`${shop.url}/api/admin/payment-check`);
    expect(stranger.status).toBe(401);
  });
});
