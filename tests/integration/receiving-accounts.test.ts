import pino from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AppServices } from "~/context";
import { type DatabaseHandle, openDatabase } from "~/db/database.server";
import { migrateToLatest } from "~/db/migrate.server";
import { createOrder } from "~/domain/checkout/create-order.server";
import { findOrder } from "~/domain/orders/orders.repository.server";
import { runAccountAction } from "~/domain/payments/accounts/account-admin.server";
import { loadCheckout } from "~/domain/payments/checkout.server";
import { claimAndSettle } from "~/domain/payments/claim.server";
import { acceptCredit } from "~/domain/payments/credits.server";
import type { Credit } from "~/domain/payments/matching.server";
import { createSettingsCache, writeSettings } from "~/domain/settings/settings.server";
import { isAppError } from "~/lib/app-error";
import { clientNetworks } from "~/lib/client-address";
import { loadConfig } from "~/lib/server/config.server";
import { type TestDatabase, testDatabases } from "../support/databases";
import { makeOrder } from "../support/orders";

/**
 * Receiving accounts (issue 44, points 1-3 and 6; issue 45, point 1), on
 * SQLite and PostgreSQL: checkouts spread over the accounts that are not
 * paused and have room today, each order keeps the account it showed and
 * its own amount on it; an alert confirms only when it names one of the
 * shop's accounts; a whole-rupee payment confirms the one open order it can
 * be the rounded price of; a flood from one network cannot make an honest
 * buyer's payment of the same price ambiguous.
 */

const logger = pino({ level: "silent" });
const config = loadConfig({});
let utrSeq = 0;
const nextUtr = () => String(600_000_000_000 + (Date.now() % 1_000_000_000) * 10 + (utrSeq++ % 10));

describe.each(testDatabases())("receiving accounts on $name", (kind: TestDatabase) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let services: AppServices;
  let first = 0;
  const operator = { name: "owner" };

  beforeAll(async () => {
    const created = await kind.create();
    drop = created.drop;
    handle = openDatabase(created.target);
    await migrateToLatest(handle.db, handle.dialect);
    services = { db: handle.db, dialect: handle.dialect, settings: createSettingsCache(handle.db, 0), config, logger };
    await writeSettings(handle.db, { upiId: "shop@okaxis", merchantName: "Boost Shop", autoSendPaidOrders: false });
    first = (await handle.db.selectFrom("receiving_accounts").select("id").executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await handle?.close();
    await drop?.();
  });

  /** Each test starts from one business account with digits 1234, no caps, at HDFC; plans of its own. */
  beforeEach(async () => {
    await handle.db.deleteFrom("receiving_accounts").where("id", "!=", first).execute();
    await handle.db
      .updateTable("receiving_accounts")
      .set({
        upi_id: "shop@okaxis",
        kind: "business",
        bank_id: "hdfc",
        account_digits: "1234",
        daily_cap_paise: null,
        daily_cap_payments: null,
        paused: 0,
      })
      .where("id", "=", first)
      .execute();
    await handle.db.deleteFrom("payment_checks").execute();
  });
  afterEach(async () => {
    // Open orders of one test never hold the amounts another test's checkouts need.
    await handle.db.deleteFrom("payment_amount_holds").execute();
    await handle.db.updateTable("orders").set({ status: "expired" }).where("paid_at", "is", null).execute();
  });

  let planSeq = 0;
  async function plan(pricePaise: number): Promise<number> {
    const now = Date.now();
    const row = await handle.db
      .insertInto("plans")
      .values({
        service_type: "followers",
        name: `Plan ${pricePaise} ${planSeq++}`,
        quantity: 1000,
        price_paise: pricePaise,
        tag: null,
        is_enabled: 1,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }
  let buyerSeq = 0;
  const buyer = () => ({
    username: `buyer.${buyerSeq}`,
    customerName: "Asha Verma",
    customerPhone: `97${String(10_000_000 + buyerSeq++).slice(-8)}`,
    agreedToTerms: true,
  });
  async function addAccount(upiId: string, fields: Record<string, string> = {}): Promise<number> {
    await runAccountAction(services, operator, {
      intent: "account-save",
      upiId,
      kind: (fields.kind as "business" | "personal") ?? "business",
      bankId: fields.bankId ?? null,
      accountDigits: fields.accountDigits ?? null,
      dailyCapRupees: fields.dailyCapRupees ? Number(fields.dailyCapRupees) : null,
      dailyCapPayments: fields.dailyCapPayments ? Number(fields.dailyCapPayments) : null,
    });
    return (
      await handle.db
        .selectFrom("receiving_accounts")
        .select("id")
        .where("upi_id", "=", upiId)
        .executeTakeFirstOrThrow()
    ).id;
  }
  /** A bank SMS's credit as the SMS source hands it over (accepted through the shared path). */
  function alert(
    amountPaise: number,
    payee: Partial<Credit["payee"] & object> = {},
    extra: Partial<Credit> = {},
  ): Credit {
    return {
      source: "sms",
      reporter: "sms",
      amountPaise,
      utr: nextUtr(),
      at: Date.now(),
      messageId: `m-${Math.random()}`,
      evidence: { text: `Rs ${amountPaise / 100} credited`, from: "VM-HDFCBK", nonce: Math.random() },
      payee: { account: "1234", upiId: null, bankId: "hdfc", ...payee },
      ...extra,
    };
  }

  it("spreads checkouts over the accounts that take them, and each order keeps its account and its own amount", async () => {
    const second = await addAccount("shop.two@ybl", { accountDigits: "5678" });
    const paused = await addAccount("shop.paused@ybl", { accountDigits: "9999" });
    await runAccountAction(services, operator, { intent: "account-pause", id: paused });
    const planId = await plan(34_900);
    const orders = [];
    for (let i = 0; i < 6; i++) orders.push((await createOrder(services, { planId, ...buyer() })).order);
    const byAccount = new Map<number | null, number>();
    for (const o of orders) byAccount.set(o.receiving_account_id, (byAccount.get(o.receiving_account_id) ?? 0) + 1);
    expect(byAccount.get(first)).toBe(3);
    expect(byAccount.get(second)).toBe(3);
    expect(byAccount.has(paused)).toBe(false);
    for (const o of orders) {
      expect(o.receiving_upi_id).toBe(o.receiving_account_id === first ? "shop@okaxis" : "shop.two@ybl");
      expect(o.price_paise % 100).not.toBe(0);
    }
    // Each account has its own amounts: the first checkout on each asks the same ₹348.99.
    expect(orders.filter((o) => o.price_paise === 34_899)).toHaveLength(2);
    // The checkout shows each order the UPI ID it keeps.
    const view = await loadCheckout(services, orders.find((o) => o.receiving_account_id === second)!.order_id);
    expect(view.kind === "order" && view.payment?.payeeVpa).toBe("shop.two@ybl");
    expect(view.kind === "order" && view.payment?.upiLink).toContain("pa=shop.two@ybl");
  });

  it("matches a paused account's open orders, and the alert of each account confirms its own order only", async () => {
    const second = await addAccount("shop.two@ybl", { accountDigits: "5678", bankId: "icici" });
    const planId = await plan(19_900);
    const a = (await createOrder(services, { planId, ...buyer() })).order;
    const b = (await createOrder(services, { planId, ...buyer() })).order;
    expect(new Set([a.receiving_account_id, b.receiving_account_id])).toEqual(new Set([first, second]));
    expect(a.price_paise).toBe(b.price_paise);
    const [onFirst, onSecond] = a.receiving_account_id === first ? [a, b] : [b, a];
    await runAccountAction(services, operator, { intent: "account-pause", id: second });
    const paid = await acceptCredit(
      services,
      alert(onSecond.price_paise, { account: "5678", bankId: "icici" }, { evidence: { from: "AX-ICICIT-S", n: 1 } }),
    );
    expect(paid).toMatchObject({ kind: "confirmed", order: { order_id: onSecond.order_id } });
    expect((await findOrder(handle.db, onFirst.order_id))!.paid_at).toBeNull();
    const own = await acceptCredit(services, alert(onFirst.price_paise));
    expect(own).toMatchObject({ kind: "confirmed", order: { order_id: onFirst.order_id } });
    // A paused account takes no new checkout.
    for (let i = 0; i < 3; i++) {
      expect((await createOrder(services, { planId, ...buyer() })).order.receiving_account_id).toBe(first);
    }
  });

  it("keeps each account under its daily caps, and refuses a checkout only when every account is full", async () => {
    // Two fresh accounts (the first took payments in other tests today): one capped in payments, one in rupees.
    await runAccountAction(services, operator, { intent: "account-pause", id: first });
    const byCount = await addAccount("shop.count@ybl", { accountDigits: "5678", dailyCapPayments: "2" });
    const byRupees = await addAccount("shop.rupees@ybl", { accountDigits: "4321", dailyCapRupees: "500" });
    const planId = await plan(19_900);
    const made = [];
    for (let i = 0; i < 4; i++) made.push((await createOrder(services, { planId, ...buyer() })).order);
    expect(made.filter((o) => o.receiving_account_id === byCount)).toHaveLength(2);
    expect(made.filter((o) => o.receiving_account_id === byRupees)).toHaveLength(2);
    const refused = await createOrder(services, { planId, ...buyer() }).catch((e: unknown) => e);
    expect(isAppError(refused) && refused.details.reason).toBe("ACCOUNTS_FULL");
    expect(isAppError(refused) && refused.message).toMatch(/cannot take more payments today/);
    // An order that expired unpaid gives its room back.
    await handle.db
      .updateTable("orders")
      .set({ status: "expired" })
      .where("order_id", "=", made[0]!.order_id)
      .execute();
    expect((await createOrder(services, { planId, ...buyer() })).order.receiving_account_id).toBe(
      made[0]!.receiving_account_id,
    );
  });

  it("confirms nothing from an alert about another account, one naming none, or any while no account has its digits", async () => {
    const planId = await plan(29_900);
    const order = (await createOrder(services, { planId, ...buyer() })).order;
    const other = await acceptCredit(services, alert(order.price_paise, { account: "9876" }));
    expect(other).toMatchObject({ kind: "unmatched", reason: "other_account" });
    expect(other.credit.utr).toBeNull();
    const none = await acceptCredit(services, alert(order.price_paise, { account: null }));
    expect(none).toMatchObject({ kind: "unmatched", reason: "no_account_named" });
    // Another bank's account with the same digits is not the shop's either.
    const otherBank = await acceptCredit(services, alert(order.price_paise, { bankId: "sbi" }));
    expect(otherBank).toMatchObject({ kind: "unmatched", reason: "other_account" });
    await handle.db.updateTable("receiving_accounts").set({ account_digits: null }).execute();
    const noDigits = await acceptCredit(services, alert(order.price_paise));
    expect(noDigits).toMatchObject({ kind: "unmatched", reason: "no_account_digits" });
    expect((await findOrder(handle.db, order.order_id))!.paid_at).toBeNull();
    await handle.db.updateTable("receiving_accounts").set({ account_digits: "1234" }).execute();
    // Named by its receiving UPI ID (as Bank of Baroda's alerts do), and by digits as they print them.
    const byUpi = await acceptCredit(services, alert(order.price_paise, { account: "789012", upiId: null }));
    expect(byUpi).toMatchObject({ kind: "unmatched", reason: "other_account" });
    const good = await acceptCredit(services, alert(order.price_paise, { account: "1234", upiId: "shop@okaxis" }));
    expect(good).toMatchObject({ kind: "confirmed", order: { order_id: order.order_id } });
  });

  it("confirms a whole-rupee payment that one open order's rounded price explains, and records what was paid", async () => {
    const planId = await plan(4_900);
    const order = (await createOrder(services, { planId, ...buyer() })).order;
    expect(order.price_paise).toBe(4_899);
    const outcome = await acceptCredit(services, alert(4_900));
    expect(outcome).toMatchObject({ kind: "confirmed", order: { order_id: order.order_id } });
    const paid = (await findOrder(handle.db, order.order_id))!;
    expect(paid.payment_received_paise).toBe(4_900);
    expect(JSON.parse(paid.payment_evidence!)).toMatchObject({ matchedBy: "rounded", amountPaise: 4_900 });
  });

  it("leaves a rounded payment two open orders could be for the operator, with both as candidates, until a UTR names one", async () => {
    const planId = await plan(7_900);
    const a = (await createOrder(services, { planId, ...buyer() })).order;
    const b = (await createOrder(services, { planId, ...buyer() })).order;
    const utr = nextUtr();
    const waiting = await acceptCredit(services, alert(7_900, {}, { utr }));
    expect(waiting).toMatchObject({ kind: "unmatched", reason: "rounded_ambiguous" });
    expect((await findOrder(handle.db, a.order_id))!.paid_at).toBeNull();
    expect((await findOrder(handle.db, b.order_id))!.paid_at).toBeNull();
    // The buyer of b gives the UTR of that payment: it settles at once.
    const settled = await claimAndSettle(handle.db, b.order_id, utr, { graceSeconds: 86_400 });
    expect(settled.paid_at).not.toBeNull();
    expect(settled.payment_received_paise).toBe(7_900);
    expect((await findOrder(handle.db, a.order_id))!.paid_at).toBeNull();
  });

  it("settles a payment two orders ask for the moment one buyer's UTR claim singles it out", async () => {
    const twinA = await makeOrder(handle.db, { price_paise: 55_511, receiving_account_id: first });
    const twinB = await makeOrder(handle.db, { price_paise: 55_511, receiving_account_id: first });
    const utr = nextUtr();
    expect(await acceptCredit(services, alert(55_511, {}, { utr }))).toMatchObject({ reason: "ambiguous" });
    // A claim of another UTR settles nothing.
    const wrong = await claimAndSettle(handle.db, twinA.order_id, nextUtr(), { graceSeconds: 86_400 });
    expect(wrong.paid_at).toBeNull();
    const right = await claimAndSettle(handle.db, twinB.order_id, utr, { graceSeconds: 86_400 });
    expect(right.paid_at).not.toBeNull();
    expect(right.paid_by).toBe("bank-alert:sms");
    const credit = await handle.db
      .selectFrom("payment_credits")
      .selectAll()
      .where("utr", "=", utr)
      .executeTakeFirstOrThrow();
    expect(credit).toMatchObject({ status: "confirmed", order_id: twinB.order_id });
  });

  it("keeps an honest buyer's payment matched automatically through a flood of 200 checkouts from one /48", async () => {
    const planId = await plan(14_900);
    const flood = [];
    // 200 throwaway checkouts, each from another /64 (and many /56s) of one /48, each claiming a made-up UTR.
    for (let i = 0; i < 200; i++) {
      const ip = `2001:db8:77:${(i * 37).toString(16)}::${i + 1}`;
      const made = (await createOrder(services, { planId, ...buyer(), client: clientNetworks(ip) })).order;
      await claimAndSettle(handle.db, made.order_id, nextUtr(), { graceSeconds: 86_400 });
      flood.push(made);
    }
    const floodAmounts = new Set(flood.map((o) => o.price_paise));
    expect(floodAmounts.size).toBeLessThanOrEqual(20);
    const honest = (await createOrder(services, { planId, ...buyer(), client: clientNetworks("2401:4900:1:2::9") }))
      .order;
    expect(floodAmounts.has(honest.price_paise)).toBe(false);
    const outcome = await acceptCredit(services, alert(honest.price_paise));
    expect(outcome).toMatchObject({ kind: "confirmed", order: { order_id: honest.order_id } });

    // The same from 60 addresses of one IPv4 /24 (a carrier's NAT pool shares one too).
    const v4 = [];
    for (let i = 0; i < 60; i++) {
      v4.push(
        (await createOrder(services, { planId, ...buyer(), client: clientNetworks(`203.0.113.${i + 1}`) })).order,
      );
    }
    const v4Amounts = new Set(v4.map((o) => o.price_paise));
    expect(v4Amounts.size).toBeLessThanOrEqual(20);
    const another = (await createOrder(services, { planId, ...buyer(), client: clientNetworks("198.51.100.7") })).order;
    expect(v4Amounts.has(another.price_paise) || floodAmounts.has(another.price_paise)).toBe(false);
  });

  it("shows a personal UPI ID's order a link without tr or mc, and a business one's with tr", async () => {
    const planId = await plan(34_900);
    const business = (await createOrder(services, { planId, ...buyer() })).order;
    await handle.db.updateTable("receiving_accounts").set({ kind: "personal" }).where("id", "=", first).execute();
    const personal = (await createOrder(services, { planId, ...buyer() })).order;
    const links = [];
    for (const o of [business, personal]) {
      const view = await loadCheckout(services, o.order_id);
      expect(view.kind).toBe("order");
      if (view.kind === "order") links.push([view.payment?.upiLink, view.payment?.accountKind]);
    }
    // The order made while the account was business now shows it as it is (personal): links follow the account.
    for (const [link, kindShown] of links) {
      expect(kindShown).toBe("personal");
      expect(link).not.toMatch(/[?&](tr|mc)=/);
      expect(link).toContain("pa=shop@okaxis");
    }
    await handle.db.updateTable("receiving_accounts").set({ kind: "business" }).where("id", "=", first).execute();
    const view = await loadCheckout(services, business.order_id);
    expect(view.kind === "order" && view.payment?.upiLink).toContain(`&tr=${business.order_id}&`);
  });

  it("lets the operator delete an account only when no order may still be paid to it, and never the last", async () => {
    const second = await addAccount("shop.two@ybl", { accountDigits: "5678" });
    const planId = await plan(24_900);
    let onSecond = (await createOrder(services, { planId, ...buyer() })).order;
    if (onSecond.receiving_account_id !== second)
      onSecond = (await createOrder(services, { planId, ...buyer() })).order;
    expect(onSecond.receiving_account_id).toBe(second);
    const refused = await runAccountAction(services, operator, { intent: "account-delete", id: second }).catch(
      (e: unknown) => e,
    );
    expect(isAppError(refused) && refused.message).toMatch(/cannot be deleted yet.*Pause it instead/);
    await handle.db
      .updateTable("orders")
      .set({ payment_deadline_at: Date.now() - 3 * 86_400_000 })
      .where("receiving_account_id", "=", second)
      .execute();
    await runAccountAction(services, operator, { intent: "account-delete", id: second });
    const last = await runAccountAction(services, operator, { intent: "account-delete", id: first }).catch(
      (e: unknown) => e,
    );
    expect(isAppError(last) && last.message).toMatch(/only receiving account/);
    const audit = await handle.db
      .selectFrom("audit_log")
      .select("action")
      .where("target_type", "=", "receiving_account")
      .execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(["account.add", "account.delete"]));
  });
});
