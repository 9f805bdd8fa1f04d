import { describe, expect, it } from "vitest";
import { makeOrderRow } from "~/domain/orders/order-row.fixture";
import { formatAlert } from "./format";
import { orderAlertFor } from "./order-alerts";

const site = { brand: "BoostKaro", publicBaseUrl: "https://shop.example.in/" };

describe("alert messages", () => {
  it("words a payment to confirm with the amount, UTR and the order's full admin link, and offers the button", () => {
    const alert = orderAlertFor("claimPayment", makeOrderRow({ utr: "612345678901" }), 1)!;
    expect(alert.event).toBe("payment_claimed");
    expect(alert.eventKey).toBe("payment_claimed:BK7Q2M9XD4TA");
    const message = formatAlert(alert.facts, site);
    expect(message.subject).toBe("[BoostKaro] Payment to confirm: ₹349 for order BK7Q2M9XD4TA");
    expect(message.text).toContain("UTR given by the buyer: 612345678901");
    expect(message.link).toBe("https://shop.example.in/admin/orders/BK7Q2M9XD4TA");
    expect(message.text.endsWith(message.link)).toBe(true);
    expect(message).toMatchObject({ orderId: "BK7Q2M9XD4TA", confirmable: true });
  });

  it("keys a repeatable event by when it happened, and offers no button", () => {
    const order = makeOrderRow({ status: "failed", panel_error: "Not enough funds" });
    const first = orderAlertFor("placementFailed", order, 1)!;
    const again = orderAlertFor("placementFailed", order, 2)!;
    expect(first.eventKey).not.toBe(again.eventKey);
    const message = formatAlert(first.facts, site);
    expect(message.text).toContain("Panel: Not enough funds");
    expect(message.confirmable).toBe(false);
  });

  it("maps the transitions the operator hears about, and no others", () => {
    const order = makeOrderRow({ refund_due_paise: 19_000 });
    expect(orderAlertFor("refundDue", order, 1)?.facts.title).toBe("Refund due: ₹190 for order BK7Q2M9XD4TA");
    expect(orderAlertFor("partiallyDelivered", order, 1)?.event).toBe("panel_stopped");
    expect(orderAlertFor("deliveryFailed", order, 1)?.event).toBe("panel_stopped");
    expect(orderAlertFor("placementUnknown", order, 1)?.event).toBe("placement_problem");
    for (const quiet of ["confirmPayment", "send", "placed", "delivered", "expire", "cancel", "refunded"] as const) {
      expect(orderAlertFor(quiet, order, 1)).toBeNull();
    }
  });

  it("asks for a top-up once a day when orders wait for panel funds, and names other waits per order", () => {
    const day = Date.UTC(2026, 2, 1, 6, 0);
    const funds = makeOrderRow({
      status: "waiting_panel",
      panel_wait_reason: "funds",
      panel_error: "Not enough funds on balance",
    });
    const first = orderAlertFor("placementDeferred", funds, day)!;
    const later = orderAlertFor("placementDeferred", { ...funds, order_id: "BK00000000OTHER" }, day + 3_600_000)!;
    expect(first.event).toBe("placement_problem");
    expect(first.eventKey).toBe(later.eventKey);
    expect(first.facts.title).toBe("Top up your SMM panel balance: order BK7Q2M9XD4TA waits for it");
    expect(formatAlert(first.facts, site).text).toContain("Panel: Not enough funds on balance");
    const down = orderAlertFor("placementDeferred", { ...funds, panel_wait_reason: "down" }, day)!;
    expect(down.eventKey).toBe("placementDeferred:BK7Q2M9XD4TA:down");
    expect(down.facts.title).toBe("Order BK7Q2M9XD4TA waits: the SMM panel is not answering");
    expect(down.facts.lines.join(" ")).toContain("sent again by itself");
  });

  it("keeps control characters a buyer typed out of the subject and the text", () => {
    const alert = orderAlertFor("claimPayment", makeOrderRow({ target: "evil\r\nBcc: x@y.z" }), 1)!;
    const message = formatAlert({ ...alert.facts, title: "a\r\nBcc: x@y.z" }, site);
    expect(message.subject).not.toMatch(/[\r\n]/);
    expect(message.text).toContain("evil Bcc: x@y.z");
  });
});
