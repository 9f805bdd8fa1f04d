import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "~/db/database.server";
import { migrateToLatest } from "~/db/migrate.server";
import { findOrder } from "~/domain/orders/orders.repository.server";
import { type Credit, recordCredit } from "~/domain/payments/matching.server";
import { type TestDatabase, testDatabases } from "../support/databases";
import { makeOrder } from "../support/orders";

/**
 * A credit that names its order (a gateway made the payment for it) is matched
 * to that order alone: never by amount to another, never when the amount
 * differs or the order is unknown or already paid.
 */

const GRACE = { graceSeconds: 86_400 };
let seq = 0;
function gatewayCredit(amountPaise: number, orderId: string | null, extra: Partial<Credit> = {}): Credit {
  return {
    source: "gateway",
    reporter: "razorpay",
    amountPaise,
    at: Date.now(),
    messageId: `pay_Named${String(seq++).padStart(6, "0")}${Math.random().toString(36).slice(2, 6)}`,
    orderId,
    evidence: { gateway: "razorpay" },
    ...extra,
  };
}

describe.each(testDatabases())("credits naming their order on $name", (kind: TestDatabase) => {
  let h: DatabaseHandle;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const created = await kind.create();
    drop = created.drop;
    h = openDatabase(created.target);
    await migrateToLatest(h.db, h.dialect);
  });
  afterAll(async () => {
    await h?.close();
    await drop?.();
  });

  it("confirms the named order, not another one asking for the same amount", async () => {
    const other = await makeOrder(h.db, { price_paise: 41_999 });
    const named = await makeOrder(h.db, { price_paise: 41_999 });
    const outcome = await recordCredit(h.db, gatewayCredit(41_999, named.order_id), GRACE);
    expect(outcome).toMatchObject({ kind: "confirmed", order: { order_id: named.order_id } });
    expect((await findOrder(h.db, named.order_id))!.paid_by).toBe("gateway:razorpay");
    expect((await findOrder(h.db, other.order_id))!.paid_at).toBeNull();
  });

  it("keeps a wrong amount, an unknown order and a second payment for the operator", async () => {
    const order = await makeOrder(h.db, { price_paise: 42_999 });
    expect(await recordCredit(h.db, gatewayCredit(42_899, order.order_id), GRACE)).toMatchObject({
      kind: "unmatched",
      reason: "amount_differs",
    });
    // Unknown: never matched by amount, even though an order asks for exactly this.
    expect(await recordCredit(h.db, gatewayCredit(42_999, null), GRACE)).toMatchObject({
      kind: "unmatched",
      reason: "unknown_order",
    });
    expect(await recordCredit(h.db, gatewayCredit(42_999, "NOSUCHORDER1"), GRACE)).toMatchObject({
      kind: "unmatched",
      reason: "unknown_order",
    });
    expect((await findOrder(h.db, order.order_id))!.paid_at).toBeNull();
    expect(await recordCredit(h.db, gatewayCredit(42_999, order.order_id), GRACE)).toMatchObject({ kind: "confirmed" });
    expect(await recordCredit(h.db, gatewayCredit(42_999, order.order_id), GRACE)).toMatchObject({
      kind: "unmatched",
      reason: "already_paid",
    });
  });

  it("records the same payment once", async () => {
    const order = await makeOrder(h.db, { price_paise: 43_999 });
    const credit = gatewayCredit(43_999, order.order_id);
    expect(await recordCredit(h.db, credit, GRACE)).toMatchObject({ kind: "confirmed" });
    expect(await recordCredit(h.db, { ...credit, evidence: { again: true } }, GRACE)).toMatchObject({
      kind: "duplicate",
    });
    // Reported first without its RRN (a webhook), then with it (the gateway asked later): still one payment.
    const later = await makeOrder(h.db, { price_paise: 44_999 });
    const bare = gatewayCredit(44_999, later.order_id);
    expect(await recordCredit(h.db, bare, GRACE)).toMatchObject({ kind: "confirmed" });
    expect(await recordCredit(h.db, { ...bare, utr: "712345678901" }, GRACE)).toMatchObject({ kind: "duplicate" });
  });
});
