import { describe, expect, it } from "vitest";
import type { OrderStatus, TransitionName } from "~/domain/orders/lifecycle";
import { makeOrderRow } from "~/domain/orders/order-row.fixture";
import { BUYER_EVENTS, type BuyerEvent } from "./events";
import { buyerUpdateFor, complaintUpdateFor, refillUpdateFor } from "./order-updates";

/**
 * Which change of a paid order the buyer hears of (issue 46, point 1): each
 * event of the issue comes from the transition that makes it true, with one
 * key per order (a refill's per refill), so the outbox queues it once per
 * channel however often the change is reported.
 */
const PAID = { paid_at: 1_700_000_000_000, utr: "412345678901" };

const CASES: [TransitionName, OrderStatus, OrderStatus, BuyerEvent | null][] = [
  ["confirmPayment", "payment_claimed", "paid", "payment_confirmed"],
  ["confirmPayment", "awaiting_payment", "paid", "payment_confirmed"],
  ["confirmPayment", "expired", "paid", "late_payment_accepted"],
  ["confirmPayment", "cancelled", "paid", "late_payment_accepted"],
  ["deliveryStarted", "sent", "delivering", "delivery_started"],
  ["delivered", "delivering", "delivered", "delivered"],
  ["delivered", "sent", "delivered", "delivered"],
  ["refundDue", "partial", "refund_due", "refund_due"],
  ["refundDue", "failed", "refund_due", "refund_due"],
  ["cancelBeforeDelivery", "sent", "refund_due", "refund_due"],
  ["refunded", "refund_due", "refunded", "refund_sent"],
  // Nothing the buyer can act on or did themselves: the panel took it, a retry, their own claim.
  ["placed", "sending", "sent", null],
  ["placementDeferred", "sending", "waiting_panel", null],
  ["claimPayment", "awaiting_payment", "payment_claimed", null],
  ["partiallyDelivered", "delivering", "partial", null],
];

describe("the updates an order's changes give its buyer", () => {
  it.each(CASES)("%s from %s tells the buyer %s", (name, from, to, event) => {
    const update = buyerUpdateFor(name, from, makeOrderRow({ ...PAID, status: to }));
    expect(update?.facts.event ?? null).toBe(event);
    if (event) expect(update!.eventKey).toBe(`buyer:${event}:${makeOrderRow().order_id}`);
  });

  it("a payment confirmed on a UTR given after the window closed is a late one; one given in time is not", () => {
    const deadline = 1_700_000_000_000;
    const on = (utrAt: number) =>
      buyerUpdateFor(
        "confirmPayment",
        "payment_claimed",
        makeOrderRow({ ...PAID, status: "paid", payment_deadline_at: deadline, utr_submitted_at: utrAt }),
      )?.facts.event;
    expect(on(deadline + 60_000)).toBe("late_payment_accepted");
    expect(on(deadline - 60_000)).toBe("payment_confirmed");
  });

  it("an unpaid order's expiry, with nothing paid to speak of", () => {
    const update = buyerUpdateFor("expire", "awaiting_payment", makeOrderRow({ status: "expired", paid_at: null }));
    expect(update?.facts.event).toBe("unpaid_expired");
  });

  it("a refill started and done, once per refill request", () => {
    const order = makeOrderRow({ ...PAID, status: "delivered" });
    expect(refillUpdateFor("started", order, 3)).toMatchObject({
      eventKey: `buyer:refill_started:${order.order_id}:3`,
      facts: { event: "refill_started" },
    });
    expect(refillUpdateFor("done", order, 4).eventKey).toBe(`buyer:refill_done:${order.order_id}:4`);
  });

  it("a complaint opened: its ticket number, once per ticket, in the buyer's language", () => {
    const order = makeOrderRow({ ...PAID, status: "delivering", locale: "hi" });
    expect(complaintUpdateFor("CMP-7Q2M9XD4", order)).toMatchObject({
      eventKey: "buyer:complaint_opened:CMP-7Q2M9XD4",
      facts: { event: "complaint_opened", locale: "hi", values: { ticket: "CMP-7Q2M9XD4", orderId: order.order_id } },
    });
  });

  it("covers every event of the issue", () => {
    const told = new Set<string | null>([
      ...CASES.map((c) => c[3]),
      "unpaid_expired",
      "refill_started",
      "refill_done",
      "complaint_opened",
    ]);
    expect(BUYER_EVENTS.filter((e) => !told.has(e))).toEqual([]);
  });

  it("says how much was refunded and with which reference, and why a refund is due", () => {
    const sent = buyerUpdateFor(
      "refunded",
      "refund_due",
      makeOrderRow({ ...PAID, status: "refunded", refund_due_paise: 24_900, refund_reference: "598765432101" }),
    );
    expect(sent!.facts.values).toMatchObject({ refund: "₹249", reference: "598765432101" });
    const partial = buyerUpdateFor("refundDue", "partial", makeOrderRow({ ...PAID, status: "refund_due" }));
    expect(partial!.facts.variant).toBe("partial");
    const cancelled = buyerUpdateFor(
      "cancelBeforeDelivery",
      "sent",
      makeOrderRow({ ...PAID, status: "refund_due", cancelled_by: "buyer" }),
    );
    expect(cancelled!.facts.variant).toBe("cancelled");
  });

  it("holds no name, phone or e-mail of the buyer", () => {
    const order = makeOrderRow({
      ...PAID,
      status: "delivered",
      customer_name: "Ravi Kumar",
      customer_phone: "9876543210",
      customer_email: "ravi@example.com",
    });
    const text = JSON.stringify(buyerUpdateFor("delivered", "delivering", order));
    for (const secret of ["Ravi", "9876543210", "ravi@example.com"]) expect(text).not.toContain(secret);
  });
});
