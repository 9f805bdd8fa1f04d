import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle } from "~/db/database.server";
import { createOrder } from "~/domain/checkout/create-order.server";
import { findOrder } from "~/domain/orders/orders.repository.server";
import { claimPayment, confirmPayment } from "~/domain/payments/payment.server";
import { assignCredit, dismissCredit, utrHeldElsewhere } from "~/domain/payments/credits.server";
import { listCredits } from "~/domain/payments/credits.repository.server";
import { type Credit, recordCredit } from "~/domain/payments/matching.server";
import {
  CLAIM_KEEPS_AMOUNT_LOW_MS,
  CLAIM_KEEPS_AMOUNT_MS,
  MAX_HOLDS_PER_ADDRESS,
  candidateAmounts,
} from "~/domain/payments/unique-amount.server";
import { clientNetworks } from "~/lib/client-address";
import { writeSettings } from "~/domain/settings/settings.server";
import { isAppError } from "~/lib/app-error";
import { loadConfig } from "~/lib/server/config.server";
import { type TestDatabase, testDatabases } from "../support/databases";
import { makeOrder } from "../support/orders";
import { SHOP_PAYMENT_SETTINGS, addPlan, instancesOnOneDatabase, servicesOn } from "../support/services";

/**
 * The core every payment source feeds: unique amounts decided under
 * concurrent checkouts, and credits matched to exactly one order or set aside
 * with their reason, on SQLite and on PostgreSQL from several pools.
 */

const GRACE = { graceSeconds: 86_400 };

let utrSeq = 0;
const nextUtr = () => String(400_000_000_000 + (Date.now() % 1_000_000_000) * 10 + (utrSeq++ % 10));

function sms(amountPaise: number | null, extra: Partial<Credit> = {}): Credit {
  return {
    source: "sms",
    amountPaise,
    at: Date.now(),
    evidence: { text: `Rs.${amountPaise} credited`, nonce: Math.random() },
    ...extra,
  };
}

describe.each(testDatabases())("payment matching on $name", (kind: TestDatabase) => {
  let main: DatabaseHandle;
  let others: DatabaseHandle[] = [];
  let close: () => Promise<void>;
  let planId = 0;
  let cheapPlanId = 0;

  beforeAll(async () => {
    ({ main, others, close } = await instancesOnOneDatabase(kind));
    await writeSettings(main.db, SHOP_PAYMENT_SETTINGS);
    planId = await addPlan(main.db, { name: "Popular", pricePaise: 34_900 });
    cheapPlanId = await addPlan(main.db, { name: "Starter", pricePaise: 5_000 });
  });
  afterAll(async () => close?.());

  const buyer = (i: number) => ({
    username: `buyer.${i}`,
    customerName: "Asha Verma",
    customerPhone: `98${String(10_000_000 + i).slice(-8)}`,
    agreedToTerms: true,
  });

  it("gives concurrent checkouts of one plan different amounts, each a few paise under the listed price, never a whole rupee", async () => {
    const pools = [main, ...others];
    const created = await Promise.all(
      Array.from({ length: 60 }, (_, i) => createOrder(servicesOn(pools[i % pools.length]!), { planId, ...buyer(i) })),
    );
    const amounts = created.map((c) => c.order.price_paise);
    expect(new Set(amounts).size).toBe(60);
    for (const c of created) {
      expect(c.order.price_paise).toBeLessThan(34_900);
      expect(c.order.price_paise).toBeGreaterThanOrEqual(34_801);
      expect(c.order.listed_price_paise).toBe(34_900);
    }
    const holds = await main.db.selectFrom("payment_amount_holds").selectAll().execute();
    const held = new Map(holds.map((h) => [Number(h.amount_paise), h.order_id]));
    for (const c of created) expect(held.get(c.order.price_paise)).toBe(c.order.order_id);
  });

  it("takes no amount for a request that lost its idempotency race, and reuses an amount only once its order is done", async () => {
    const key = `idem-${Date.now()}`;
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        createOrder(servicesOn(main), { planId: cheapPlanId, ...buyer(i), idempotencyKey: key }),
      ),
    );
    expect(new Set(results.map((r) => r.order.order_id)).size).toBe(1);
    const holds = await main.db
      .selectFrom("payment_amount_holds")
      .selectAll()
      .where("amount_paise", "<", 5_000)
      .execute();
    expect(holds).toHaveLength(1);
    // Held until its window and grace end: 2 hours later, the amount goes to the next checkout.
    const first = results[0]!.order;
    const later = await createOrder(servicesOn(main), { planId: cheapPlanId, ...buyer(99) }, Date.now() + 90_000_000);
    expect(later.order.price_paise).toBe(first.price_paise);
  });

  it("lets one client hold only a small share of a price's amounts: a flood recycles its own, genuine payments still match", async () => {
    const floodPlan = (
      await main.db
        .insertInto("plans")
        .values({
          service_type: "followers",
          name: "Flooded",
          quantity: 500,
          price_paise: 20_000,
          tag: null,
          is_enabled: 1,
          created_at: Date.now(),
          updated_at: Date.now(),
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    const order = (i: number, ip: string) =>
      createOrder(servicesOn(main), { planId: floodPlan, ...buyer(500 + i), client: clientNetworks(ip) });
    // 30 throwaway checkouts from one address, each with another phone and a made-up UTR.
    const flood = [];
    for (let i = 0; i < 30; i++) {
      const made = await order(i, "203.0.113.7");
      await claimPayment(main.db, made.order.order_id, nextUtr(), GRACE);
      flood.push(made.order);
    }
    const floodAmounts = new Set(flood.map((o) => o.price_paise));
    expect(floodAmounts.size).toBe(MAX_HOLDS_PER_ADDRESS);
    const held = await main.db
      .selectFrom("payment_amount_holds")
      .select("amount_paise")
      .where("client_address", "=", "203.0.113.7")
      .execute();
    expect(held).toHaveLength(MAX_HOLDS_PER_ADDRESS);

    // A genuine buyer elsewhere gets an amount no open order asks for, and their bank alert confirms it.
    const genuine = (await order(200, "192.0.2.55")).order;
    expect(floodAmounts.has(genuine.price_paise)).toBe(false);
    const outcome = await recordCredit(main.db, sms(genuine.price_paise, { utr: nextUtr() }), GRACE);
    expect(outcome).toMatchObject({ kind: "confirmed", order: { order_id: genuine.order_id } });
  });

  it("gives back the amounts of claimed orders that show no payment soon after their window once a price's amounts run out", async () => {
    const planRow = await main.db
      .insertInto("plans")
      .values({
        service_type: "followers",
        name: "Claimed",
        quantity: 1000,
        price_paise: 3_000,
        tag: null,
        is_enabled: 1,
        created_at: Date.now(),
        updated_at: Date.now(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const start = Date.now();
    const amounts = candidateAmounts(3_000).length;
    // As many checkouts as the price has amounts, from as many networks and phones (an attacker with
    // many networks), each claiming a made-up UTR.
    for (let i = 0; i < amounts; i++) {
      const made = await createOrder(
        servicesOn(main),
        { planId: planRow.id, ...buyer(1_000 + i), client: clientNetworks(`198.51.${i}.7`) },
        start,
      );
      expect(made.order.price_paise).toBeLessThan(3_000);
      expect(made.order.price_paise % 100).not.toBe(0);
      await claimPayment(main.db, made.order.order_id, nextUtr(), { ...GRACE, now: start + 60_000 });
    }
    const during = await createOrder(
      servicesOn(main),
      { planId: planRow.id, ...buyer(1_400), client: clientNetworks("192.0.2.1") },
      start + 120_000,
    );
    expect(during.order.price_paise).toBe(3_000);
    // With none of the price's amounts free, a claim that shows no payment keeps its amount only briefly
    // after its window (not the 30 minutes it keeps while amounts are plenty, nor the grace period).
    const window = loadConfig({}).PAYMENT_WINDOW_SECONDS * 1000;
    const after = await createOrder(
      servicesOn(main),
      { planId: planRow.id, ...buyer(1_401), client: clientNetworks("192.0.2.2") },
      start + window + CLAIM_KEEPS_AMOUNT_LOW_MS + 60_000,
    );
    expect(after.order.price_paise).toBeLessThan(3_000);
    expect(CLAIM_KEEPS_AMOUNT_LOW_MS).toBeLessThan(CLAIM_KEEPS_AMOUNT_MS);
  });

  it("gives the listed price unread for a second once every amount of a price is an open order's, then offers a freed amount again", async () => {
    const exhaustedPlan = await addPlan(main.db, { name: "Exhausted", pricePaise: 2_000 });
    const start = Date.now();
    const order = (i: number, at: number) =>
      createOrder(
        servicesOn(main),
        { planId: exhaustedPlan, ...buyer(2_000 + i), client: clientNetworks(`203.0.${i}.9`) },
        at,
      );
    const amounts = candidateAmounts(2_000).length;
    const held: string[] = [];
    for (let i = 0; i < amounts; i++) held.push((await order(i, start)).order.order_id);
    // Every amount is an open order's: the reading gives the listed price, and so does the next second.
    expect((await order(amounts, start)).order.price_paise).toBe(2_000);
    await main.db.updateTable("orders").set({ status: "cancelled" }).where("order_id", "=", held[0]!).execute();
    expect((await order(amounts + 1, start + 500)).order.price_paise).toBe(2_000);
    // A second later the holds are read again: the cancelled order's amount goes to the next checkout, once.
    const next = await order(amounts + 2, start + 1_001);
    expect(next.order.price_paise).toBeLessThan(2_000);
    expect(next.order.price_paise % 100).not.toBe(0);
    const open = await main.db
      .selectFrom("orders")
      .select("price_paise")
      .where("plan_id", "=", exhaustedPlan)
      .where("status", "=", "awaiting_payment")
      .where("price_paise", "<", 2_000)
      .execute();
    expect(open).toHaveLength(amounts);
    expect(new Set(open.map((o) => Number(o.price_paise))).size).toBe(amounts);
  });

  it("confirms exactly one order by its exact amount, keeps the evidence, and a repeat changes nothing", async () => {
    const { order } = await createOrder(servicesOn(main), { planId, ...buyer(200) });
    const credit = sms(order.price_paise, { utr: nextUtr(), payerVpa: "asha@okicici", messageId: "m-1" });
    const outcome = await recordCredit(main.db, credit, GRACE);
    expect(outcome.kind).toBe("confirmed");
    const paid = (await findOrder(main.db, order.order_id))!;
    expect(paid.status).toBe("paid");
    expect(paid.paid_by).toBe("bank-alert:sms");
    expect(paid.utr).toBe(credit.utr);
    expect(JSON.parse(paid.payment_evidence!)).toMatchObject({
      matchedBy: "amount",
      amountPaise: order.price_paise,
      payerVpa: "asha@okicici",
    });
    const again = await recordCredit(main.db, { ...credit, evidence: { other: true } }, GRACE);
    expect(again.kind).toBe("duplicate");
    // The same payment reported by e-mail too: one credit, no second confirmation.
    const byMail = await recordCredit(main.db, { ...credit, source: "email" }, GRACE);
    expect(byMail.kind).toBe("duplicate");
    const history = await main.db
      .selectFrom("audit_log")
      .select("action")
      .where("target_id", "=", order.order_id)
      .where("action", "=", "order.confirmPayment")
      .execute();
    expect(history).toHaveLength(1);
  });

  it("processes one credit once when it arrives many times at once", async () => {
    const { order } = await createOrder(servicesOn(main), { planId, ...buyer(201) });
    const credit = sms(order.price_paise, { utr: nextUtr() });
    const pools = [main, ...others];
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, (_, i) => recordCredit(pools[i % pools.length]!.db, credit, GRACE)),
    );
    expect(outcomes.filter((o) => o.kind === "confirmed")).toHaveLength(1);
    expect(outcomes.filter((o) => o.kind === "duplicate")).toHaveLength(11);
  });

  it("matches the buyer's UTR with the amount, and sets aside partial or different amounts", async () => {
    const a = await createOrder(servicesOn(main), { planId, ...buyer(202) });
    const utr = nextUtr();
    await claimPayment(main.db, a.order.order_id, utr, GRACE);
    const partial = await recordCredit(main.db, sms(a.order.price_paise - 100, { utr }), GRACE);
    expect(partial).toMatchObject({ kind: "unmatched", reason: "partial" });

    const b = await createOrder(servicesOn(main), { planId, ...buyer(203) });
    const utrB = nextUtr();
    await claimPayment(main.db, b.order.order_id, utrB, GRACE);
    const more = await recordCredit(main.db, sms(b.order.price_paise + 100, { utr: utrB }), GRACE);
    expect(more).toMatchObject({ kind: "unmatched", reason: "amount_mismatch" });
    const exact = await recordCredit(main.db, sms(b.order.price_paise, { utr: utrB, source: "email" }), GRACE);
    // The UTR already came with another amount: the second report of it is suspect, never a match.
    expect(exact).toMatchObject({ kind: "unmatched", reason: "utr_used" });
    expect((await findOrder(main.db, a.order.order_id))!.status).toBe("payment_claimed");
    expect((await findOrder(main.db, b.order.order_id))!.status).toBe("payment_claimed");

    const c = await createOrder(servicesOn(main), { planId, ...buyer(204) });
    const utrC = nextUtr();
    await claimPayment(main.db, c.order.order_id, utrC, GRACE);
    const good = await recordCredit(main.db, sms(c.order.price_paise, { utr: utrC }), GRACE);
    expect(good.kind).toBe("confirmed");
    const evidence = JSON.parse((await findOrder(main.db, c.order.order_id))!.payment_evidence!) as {
      matchedBy: string;
    };
    expect(evidence.matchedBy).toBe("utr");
  });

  it("never confirms an order whose buyer gave another UTR, or when the alert has none to compare", async () => {
    const { order } = await createOrder(servicesOn(main), { planId, ...buyer(205) });
    await claimPayment(main.db, order.order_id, nextUtr(), GRACE);
    expect(await recordCredit(main.db, sms(order.price_paise, { utr: nextUtr() }), GRACE)).toMatchObject({
      reason: "utr_mismatch",
    });
    expect(await recordCredit(main.db, sms(order.price_paise), GRACE)).toMatchObject({ reason: "utr_missing" });
    expect((await findOrder(main.db, order.order_id))!.paid_at).toBeNull();
  });

  it("sets aside ambiguous, unknown, late, cancelled, already paid and unreadable credits", async () => {
    const now = Date.now();
    const twinA = await makeOrder(main.db, { price_paise: 77_701 });
    await makeOrder(main.db, { price_paise: 77_701 });
    expect(await recordCredit(main.db, sms(77_701), GRACE)).toMatchObject({ reason: "ambiguous" });
    expect(await recordCredit(main.db, sms(12_345), GRACE)).toMatchObject({ reason: "no_match" });
    // Its window and grace period ended long ago.
    const old = await makeOrder(main.db, {
      price_paise: 66_601,
      created_at: now - 3 * 86_400_000,
      payment_deadline_at: now - 3 * 86_400_000 + 300_000,
    });
    expect(await recordCredit(main.db, sms(66_601), GRACE)).toMatchObject({ reason: "no_match" });
    const cancelled = await makeOrder(main.db, { price_paise: 55_501, status: "cancelled" });
    expect(await recordCredit(main.db, sms(55_501), GRACE)).toMatchObject({ reason: "order_cancelled" });
    const paid = await makeOrder(main.db, { price_paise: 44_401 });
    await confirmPayment(main.db, paid.order_id, { kind: "operator", name: "owner" }, {});
    expect(await recordCredit(main.db, sms(44_401), GRACE)).toMatchObject({ reason: "already_paid" });
    expect(await recordCredit(main.db, sms(null), GRACE)).toMatchObject({ reason: "unrecognised" });
    for (const o of [twinA, old, cancelled]) expect((await findOrder(main.db, o.order_id))!.paid_at).toBeNull();

    const listed = await listCredits(main.db, { status: "unmatched" });
    const reasons = new Set(listed.map((c) => c.reason));
    for (const r of ["ambiguous", "no_match", "order_cancelled", "already_paid", "unrecognised"])
      expect(reasons).toContain(r);
  });

  it("lets the operator assign an unmatched credit (the same confirmation) or dismiss one with a reason, once", async () => {
    const order = await makeOrder(main.db, { price_paise: 33_301 });
    await makeOrder(main.db, { price_paise: 33_301 });
    const outcome = await recordCredit(main.db, sms(33_301, { utr: nextUtr() }), GRACE);
    expect(outcome.kind).toBe("unmatched");
    const services = servicesOn(main);
    const operator = { name: "owner" };
    const { order: paid } = await assignCredit(services, outcome.credit.id, order.order_id, operator);
    expect(paid.status).toBe("paid");
    expect(paid.paid_by).toBe("owner");
    expect(JSON.parse(paid.payment_evidence!)).toMatchObject({ creditId: outcome.credit.id, matchedBy: "operator" });
    await expect(assignCredit(services, outcome.credit.id, order.order_id, operator)).rejects.toMatchObject({
      code: "INVALID_TRANSITION",
    });

    const stray = await recordCredit(main.db, sms(1_234), GRACE);
    await expect(dismissCredit(services, stray.credit.id, "  ", operator)).rejects.toMatchObject({
      code: "INVALID_INPUT",
    });
    const dismissed = await dismissCredit(services, stray.credit.id, "my own transfer", operator);
    expect(dismissed.status).toBe("dismissed");
    const error = await assignCredit(services, stray.credit.id, order.order_id, operator).catch((e: unknown) => e);
    expect(isAppError(error) && error.code).toBe("INVALID_TRANSITION");
    const audit = await main.db
      .selectFrom("audit_log")
      .select(["action", "actor"])
      .where("target_type", "=", "payment")
      .execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(["payment.assign", "payment.dismiss"]));
  });

  it("lets an assigned credit's UTR pay one order only: written on the order, refused to a later claim and a second order", async () => {
    const services = servicesOn(main);
    const operator = { name: "owner" };
    const order = await makeOrder(main.db, { price_paise: 44_401 });
    await makeOrder(main.db, { price_paise: 44_401 });
    const utr = nextUtr();
    const outcome = await recordCredit(main.db, sms(44_401, { utr }), GRACE);
    expect(outcome).toMatchObject({ kind: "unmatched", reason: "ambiguous" });
    const { order: paid } = await assignCredit(services, outcome.credit.id, order.order_id, operator);
    expect(paid.utr).toBe(utr);

    // A buyer of another order "pays" with the same reference: refused, as when an alert had matched it.
    const other = await createOrder(servicesOn(main), { planId, ...buyer(700) });
    await expect(claimPayment(main.db, other.order.order_id, utr, GRACE)).rejects.toMatchObject({ code: "CONFLICT" });
    expect((await findOrder(main.db, other.order.order_id))!.utr).toBeNull();

    // A credit whose UTR a buyer already claimed on another order cannot be assigned to a third one.
    const claimed = await createOrder(servicesOn(main), { planId, ...buyer(701) });
    const claimedUtr = nextUtr();
    await claimPayment(main.db, claimed.order.order_id, claimedUtr, GRACE);
    const stray = await recordCredit(main.db, sms(1_111, { utr: claimedUtr }), GRACE);
    expect(stray.kind).toBe("unmatched");
    const third = await makeOrder(main.db, { price_paise: 1_111 });
    const refused = await assignCredit(services, stray.credit.id, third.order_id, operator).catch((e: unknown) => e);
    expect(isAppError(refused) && refused.code).toBe("CONFLICT");
    expect(isAppError(refused) && refused.message).toContain(claimed.order.order_id);
    expect((await findOrder(main.db, third.order_id))!.paid_at).toBeNull();

    // The order pages' warnings: the claimed order's UTR came as a partial payment waiting under Payments;
    // the paid UTR, typed on another order, already paid the first.
    expect(await utrHeldElsewhere(main.db, (await findOrder(main.db, claimed.order.order_id))!)).toEqual([
      expect.objectContaining({ creditId: stray.credit.id, status: "unmatched", amountPaise: 1_111 }),
    ]);
    expect(await utrHeldElsewhere(main.db, { order_id: other.order.order_id, utr })).toEqual([
      expect.objectContaining({ status: "assigned", orderId: order.order_id }),
    ]);
    expect(await utrHeldElsewhere(main.db, paid)).toEqual([]);
  });
});
