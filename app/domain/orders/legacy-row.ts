import { refundOf } from "./lifecycle";

/** The processing fee every refund kept before migration 0025 (and before the fee was a setting). */
const LEGACY_FEE_PERCENT = 5;

/**
 * Backups written before the order lifecycle (migration 0010) hold orders in
 * the old shape: status pending/completed/failed/cancelled plus panel_state;
 * those written before migration 0025 have refunds without their fee.
 * Restoring one maps each row the way the migrations mapped the live table.
 */
export function upgradeLegacyOrderRow(row: Record<string, unknown>, now = Date.now()): Record<string, unknown> {
  const upgraded = "panel_state" in row ? beforeLifecycle(row, now) : row;
  return "refund_fee_paise" in upgraded ? upgraded : withRefundFee(upgraded);
}

/** Migration 0025: every refund before it kept the 5% fee (refund = share − 5% of it, so fee ≈ refund × 5/95). */
function withRefundFee(row: Record<string, unknown>): Record<string, unknown> {
  if (row.refund_due_paise === null || row.refund_due_paise === undefined) return row;
  return { ...row, refund_fee_paise: Math.floor((Number(row.refund_due_paise) * 5 + 47) / 95) };
}

function beforeLifecycle(row: Record<string, unknown>, now: number): Record<string, unknown> {
  const { panel_state: panelState, ...rest } = row;
  const status = String(row.status);
  const panelStatus = row.panel_status as string | null;
  const price = Number(row.price_paise);
  const quantity = Number(row.quantity);
  const paid = {
    paid_at: (row.panel_placed_at as number | null) ?? row.updated_at,
    paid_by: "operator",
    payment_evidence: '{"migrated":true}',
  };
  // Before migration 0025 every refund kept the processing fee, as a buyer's cancellation still does.
  const refund = (undelivered: number) => {
    const { refundPaise, feePaise } = refundOf(price, quantity, undelivered, "buyer", LEGACY_FEE_PERCENT);
    return { ...paid, status: "refund_due", refund_due_paise: refundPaise, refund_fee_paise: feePaise };
  };
  const upgraded = (fields: Record<string, unknown>) => ({ ...rest, ...fields });

  if (status === "pending" && panelState === "sending") return upgraded({ ...paid, status: "sending" });
  if ((status === "failed" || status === "pending") && panelState === "unknown") {
    return upgraded({ ...paid, status: "placement_unknown" });
  }
  if (status === "pending") {
    if (row.utr !== null && row.utr !== undefined) return upgraded({ status: "payment_claimed" });
    return upgraded({ status: Number(row.payment_deadline_at) <= now ? "expired" : "awaiting_payment" });
  }
  if (status === "failed") return upgraded({ ...refund(quantity), profit_paise: row.profit_paise ?? price });
  if (panelStatus === "completed" && status === "completed") return upgraded({ ...paid, status: "delivered" });
  if (panelStatus === "partial" || status === "partial") {
    return upgraded(refund((row.panel_remains as number | null) ?? quantity));
  }
  if (row.panel_order_id && (panelStatus === "cancelled" || panelStatus === "failed"))
    return upgraded(refund(quantity));
  if (status === "cancelled") return upgraded({ status: "cancelled" });
  if (panelStatus === "in_progress" || panelStatus === "processing") return upgraded({ ...paid, status: "delivering" });
  if (row.panel_order_id) return upgraded({ ...paid, status: "sent" });
  return upgraded({ ...paid, status: "placement_unknown" });
}
