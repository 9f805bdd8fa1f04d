import { describe, expect, it } from "vitest";
import { makeOrderRow } from "~/domain/orders/order-row.fixture";
import { BUYER_EVENTS } from "./events";
import { buyerUpdateFor, refillUpdateFor } from "./order-updates";
import { SAMPLE_TEMPLATES, TEMPLATE_PARAMETERS, templateParameters } from "./templates";
import { wordEmail, wordEvent, wordPush } from "./words";

const sendTime = { trackUrl: "https://shop.example/track?order=BK7Q2M9XD4TA", brand: "BoostKaro", minutes: "30" };

describe("what the buyer is told", () => {
  it("gives each event a sample template with as many parameters as the shop fills in, in both languages", () => {
    for (const event of BUYER_EVENTS) {
      for (const body of [SAMPLE_TEMPLATES[event].en, SAMPLE_TEMPLATES[event].hi]) {
        const numbers = [...body.matchAll(/\{\{(\d+)\}\}/g)].map((m) => Number(m[1]));
        expect(Math.max(...numbers), `${event}: ${body}`).toBe(TEMPLATE_PARAMETERS[event].length);
        // Meta refuses a template that starts or ends with a parameter.
        expect(body, event).not.toMatch(/^\{\{|\}\}[.!]?$/);
      }
    }
  });

  it("tells a paid buyer of the payment, with the receipt by e-mail; a late one as accepted late", () => {
    const order = makeOrderRow({
      status: "paid",
      paid_at: Date.UTC(2026, 2, 1, 6, 0),
      price_paise: 34_897,
      utr: "412356789012",
    });
    const update = buyerUpdateFor("confirmPayment", "payment_claimed", order)!;
    expect(update.eventKey).toBe("buyer:payment_confirmed:BK7Q2M9XD4TA");
    expect(wordEvent(update.facts, sendTime).body).toBe(
      "We received your payment of ₹348.97 for order BK7Q2M9XD4TA (Popular Followers). Delivery starts within 30 minutes; we will tell you when it starts and when it is done. Track it: https://shop.example/track?order=BK7Q2M9XD4TA",
    );
    const mail = wordEmail(update.facts, sendTime);
    expect(mail.subject).toBe("BoostKaro: Payment received for order BK7Q2M9XD4TA");
    expect(mail.text).toContain("Amount paid: ₹348.97");
    expect(mail.text).toContain("Paid on: 2026-03-01 11:30 IST");
    expect(mail.text).toContain("Payment reference: 412356789012");
    expect(templateParameters("payment_confirmed", { ...update.facts.values, ...sendTime })).toEqual([
      "BK7Q2M9XD4TA",
      "₹348.97",
      "30",
    ]);
    expect(buyerUpdateFor("confirmPayment", "expired", order)!.facts.event).toBe("late_payment_accepted");
  });

  it("says why a refund is due: part delivered, not delivered, or cancelled by the buyer with the fee", () => {
    const base = { status: "refund_due" as const, paid_at: 1, refund_due_paise: 20_000, panel_remains: 400 };
    const partial = buyerUpdateFor("refundDue", "partial", makeOrderRow(base))!;
    expect(wordEvent(partial.facts, sendTime).body).toContain(
      "We delivered 600 of 1,000 followers for order BK7Q2M9XD4TA. You will get ₹200 back",
    );
    const failed = buyerUpdateFor("refundDue", "failed", makeOrderRow(base))!;
    expect(wordEvent(failed.facts, sendTime).title).toBe("We could not deliver order BK7Q2M9XD4TA: refund due");
    const cancelled = buyerUpdateFor(
      "cancelBeforeDelivery",
      "sent",
      makeOrderRow({ ...base, cancelled_by: "buyer", refund_fee_paise: 1_745, refund_due_paise: 33_152 }),
    )!;
    expect(wordEvent(cancelled.facts, sendTime).body).toContain(
      "You will get ₹331.52 back (₹17.45 processing fee kept",
    );
  });

  it("writes Hindi for a buyer who ordered in Hindi, with the service's Hindi name", () => {
    const order = makeOrderRow({ status: "delivered", paid_at: 1, locale: "hi" });
    const update = buyerUpdateFor("delivered", "delivering", order)!;
    expect(update.facts.locale).toBe("hi");
    expect(wordEvent(update.facts, sendTime).body).toBe(
      "ऑर्डर BK7Q2M9XD4TA डिलीवर हो गया: priya.bakes के लिए सभी 1,000 फ़ॉलोअर्स। ऑर्डर के लिए धन्यवाद!",
    );
  });

  it("tells nothing of an unpaid order's delivery, nor of transitions the buyer made themselves", () => {
    expect(buyerUpdateFor("delivered", "sent", makeOrderRow({ status: "delivered", paid_at: null }))).toBeNull();
    expect(buyerUpdateFor("claimPayment", "awaiting_payment", makeOrderRow())).toBeNull();
    expect(buyerUpdateFor("placed", "sending", makeOrderRow({ paid_at: 1 }))).toBeNull();
    expect(buyerUpdateFor("expire", "awaiting_payment", makeOrderRow({ status: "expired" }))?.facts.event).toBe(
      "unpaid_expired",
    );
  });

  it("words a notification with the shop's name and the order's own /track", () => {
    const update = refillUpdateFor("done", makeOrderRow({ status: "delivered", paid_at: 1 }), 7);
    expect(update.eventKey).toBe("buyer:refill_done:BK7Q2M9XD4TA:7");
    expect(wordPush(update.facts, sendTime, "/track?order=BK7Q2M9XD4TA")).toEqual({
      title: "BoostKaro: Refill done for order BK7Q2M9XD4TA",
      body: "The refill for order BK7Q2M9XD4TA is done. Thank you for staying with us!",
      url: "/track?order=BK7Q2M9XD4TA",
    });
  });

  it("keeps a buyer-typed target's control characters out of an e-mail's subject", () => {
    const order = makeOrderRow({ status: "delivered", paid_at: 1, target: "evil\r\nBcc: x@y.z" });
    const mail = wordEmail(buyerUpdateFor("delivered", "sent", order)!.facts, { ...sendTime, brand: "Shop\r\nX" });
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });
});
