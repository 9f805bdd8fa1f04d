import { describe, expect, it } from "vitest";
import { upgradeLegacyOrderRow } from "./legacy-row";

const NOW = Date.UTC(2026, 5, 1);

describe("an old backup line, upgraded", () => {
  it("maps one row of each old kind the way the migration does, and leaves a new row alone", () => {
    const now = NOW;
    const base = {
      id: 1,
      order_id: "BKOLD0000001",
      price_paise: 50_000,
      quantity: 1000,
      utr: null,
      panel_order_id: null,
      panel_status: null,
      panel_remains: null,
      panel_placed_at: null,
      payment_deadline_at: now + 1000,
      updated_at: now - 5000,
    };
    const up = (row: Record<string, unknown>) => upgradeLegacyOrderRow({ ...base, ...row }, now);
    expect(up({ status: "pending", panel_state: null })).toMatchObject({ status: "awaiting_payment" });
    expect(up({ status: "pending", panel_state: null, payment_deadline_at: now })).toMatchObject({ status: "expired" });
    expect(up({ status: "pending", panel_state: null, utr: "123456789012" })).toMatchObject({
      status: "payment_claimed",
    });
    expect(up({ status: "pending", panel_state: "sending" })).toMatchObject({
      status: "sending",
      paid_at: now - 5000,
      paid_by: "operator",
    });
    expect(up({ status: "failed", panel_state: null, profit_paise: null })).toMatchObject({
      status: "refund_due",
      refund_due_paise: 47_500,
      profit_paise: 50_000,
    });
    // ₹500 for 1,000 with 400 undelivered: ₹200 less the 5% fee.
    expect(
      up({
        status: "completed",
        panel_state: "placed",
        panel_order_id: "1",
        panel_status: "partial",
        panel_remains: 400,
        panel_placed_at: now - 1000,
      }),
    ).toMatchObject({ status: "refund_due", refund_due_paise: 19_000, paid_at: now - 1000 });
    expect(up({ status: "pending", panel_state: "unknown" })).toMatchObject({ status: "placement_unknown" });
    expect(up({ status: "failed", panel_state: "unknown" })).toMatchObject({ status: "placement_unknown" });
    expect(
      up({ status: "completed", panel_state: "placed", panel_order_id: "3", panel_status: "in_progress" }),
    ).toMatchObject({ status: "delivering" });
    expect(
      up({ status: "completed", panel_state: "placed", panel_order_id: "4", panel_status: "completed" }),
    ).toMatchObject({ status: "delivered", paid_by: "operator", payment_evidence: '{"migrated":true}' });
    expect(
      up({ status: "cancelled", panel_state: "placed", panel_order_id: "5", panel_status: "cancelled" }),
    ).toMatchObject({ status: "refund_due", refund_due_paise: 47_500 });
    expect(up({ status: "completed", panel_state: null })).toMatchObject({ status: "placement_unknown" });
    expect(up({ status: "cancelled", panel_state: null })).toMatchObject({ status: "cancelled" });
    expect(up({ status: "cancelled", panel_state: null })).not.toHaveProperty("paid_at");
    const upgraded = up({ status: "completed", panel_state: "placed", panel_order_id: "2", panel_status: "pending" });
    expect(upgraded).toMatchObject({ status: "sent" });
    expect(upgraded).not.toHaveProperty("panel_state");
    // A row written by the lifecycle's code has no panel_state and is taken as it is.
    const current = { ...base, status: "delivered", paid_at: 1 };
    expect(upgradeLegacyOrderRow(current, now)).toBe(current);
  });
});
