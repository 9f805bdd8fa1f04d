import type { Generated, Insertable, Selectable, Updateable } from "kysely";
import type { ServiceType } from "~/domain/panel/service-types";
import type { CancelledBy, OrderStatus } from "./lifecycle";
import type { Timestamps } from "~/db/timestamps";

export type { CancelledBy, OrderStatus } from "./lifecycle";

export interface OrderTable extends Timestamps {
  id: Generated<number>;
  /** Public, non-guessable id shown to the buyer and the admin. */
  order_id: string;
  /** Client-chosen key that makes a retried create-order return the same order. */
  idempotency_key: string | null;
  service_type: ServiceType;
  plan_id: number | null;
  plan_name: string;
  /** Instagram username or post link. */
  target: string;
  /**
   * The target normalised with the service (target-key.ts): at most one order per key is at the panel
   * (migration 0092's unique index); null on orders that were final before it.
   */
  target_key: Generated<string | null>;
  /** The account the buyer named; for likes and comments the target is the post link. */
  target_username: string | null;
  quantity: number;
  /** The plan's refill guarantee, drip-feed runs and interval when ordered (0 = none). */
  refill_days: Generated<number>;
  drip_runs: Generated<number>;
  drip_interval_minutes: Generated<number>;
  /** What the buyer pays: the listed price less the few paise that make it unique among open orders. */
  price_paise: number;
  /** The price the checkout showed, before the unique paise: the plan's, less any coupon; null on orders before unique amounts. */
  listed_price_paise: number | null;
  /** The coupon code the order was bought with, as the coupon spelt it then; null: none (migration 0085). */
  coupon_code: Generated<string | null>;
  /** Taken off the plan's price by that coupon, in paise; 0 without one. `price_paise` is after it. */
  discount_paise: Generated<number>;
  /** The coupon whose uses this order counts against (app/domain/coupons/); null: none. */
  coupon_id: Generated<number | null>;
  /** Written only by transitions.server.ts, by the rules of lifecycle.ts. */
  status: OrderStatus;
  /** Null once anonymised after the retention period. */
  customer_name: string | null;
  customer_phone: string | null;
  /** 12-digit UPI reference the buyer submitted after paying. */
  utr: string | null;
  utr_submitted_at: number | null;
  payment_deadline_at: number;
  /** When the payment was confirmed, and by whom ("operator:<name>", "bank-alert:<source>", "gateway:<name>"). */
  paid_at: number | null;
  paid_by: string | null;
  /** JSON: what the confirmation rested on (UTR compared, alert, gateway payment id). */
  payment_evidence: string | null;
  /** Owed back to the buyer for what was not delivered; kept as the refunded amount once paid. */
  refund_due_paise: number | null;
  /** The processing fee kept from that refund: 0 unless the buyer cancelled (migration 0025; refund-policy.md). */
  refund_fee_paise: number | null;
  /** Paid on top of that refund because the shop cancelled: the fee borne the other way (migration 0080). */
  refund_compensation_paise: Generated<number | null>;
  /** Who stopped a paid order: the buyer, the shop (operator) or the panel; null otherwise (migration 0025). */
  cancelled_by: CancelledBy | null;
  refunded_at: number | null;
  /** The UPI reference of the refund the operator paid. */
  refund_reference: string | null;
  /** JSON array of the buyer's own comments, for a custom-comments plan; null otherwise (custom-comments.ts). */
  comments: string | null;
  /** The panel service the plan named when this order was bought; null: the one set for its type (0033). */
  panel_service_id: Generated<string | null>;
  /** The plan's fallback service when it was bought, tried once when the panel refuses the first (0033). */
  fallback_service_id: Generated<string | null>;
  /** The receiving account (UPI ID) the checkout showed, and that UPI ID as shown (0040). */
  receiving_account_id: Generated<number | null>;
  receiving_upi_id: Generated<string | null>;
  /** What the credit that paid it said, when a credit did (0040): more is a surplus owed back, less a shortfall. */
  payment_received_paise: Generated<number | null>;
  /** The panel the order is or was placed at (0034); null: not placed yet, and its plan names none. */
  panel_id: Generated<number | null>;
  /** The panel of its fallback service, copied from the plan (0036); null: the order's own panel. */
  fallback_panel_id: Generated<number | null>;
  panel_order_id: string | null;
  panel_status: string | null;
  /** Exact decimal text as the panel sent it, in panel_currency. */
  panel_charge: string | null;
  panel_currency: string | null;
  panel_start_count: number | null;
  panel_remains: number | null;
  panel_error: string | null;
  panel_placed_at: number | null;
  panel_synced_at: number | null;
  /** When the status sync next asks the panel about this order; null once final (migration 0004). */
  panel_next_sync_at: number | null;
  /** Status syncs in a row that got no answer for this order; backs off, then gives up. */
  panel_sync_failures: Generated<number>;
  /** How many times the shop called the panel's `add` for this order (migration 0024). */
  panel_attempts: Generated<number>;
  /** While waiting_panel: when the background job next sends it. */
  panel_retry_at: number | null;
  /** While waiting_panel: why (failures.ts WaitReason: funds, busy, down, address, account). */
  panel_wait_reason: string | null;
  /** JSON (PanelRequestRecord): what the last `add` sent, where and when, and any order id its reply named. */
  panel_request: string | null;
  /** Price less the panel's charge, once known in rupees; refunds come off it in profit.ts (never here). */
  profit_paise: number | null;
  /** When the panel completed it (the refill guarantee counts from here); null before, and on orders delivered before it was kept. */
  delivered_at: number | null;
  anonymised_at: number | null;
  /** When the buyer agreed to the terms (18 or older) for this order, and which terms (TERMS_VERSION); null on older orders. */
  terms_agreed_at: number | null;
  terms_version: string | null;
  /** The buyer's optional e-mail for the receipt and updates (migration 0047); erased with the name and phone. */
  customer_email: string | null;
  /** The storefront language the buyer ordered in ("en" or "hi"); null on older orders (English). */
  locale: string | null;
  /**
   * When the buyer ticked "Send me order updates on WhatsApp" (unticked by default), and the wording they
   * agreed to (WHATSAPP_OPT_IN_VERSION); null: no business-initiated WhatsApp messages for this order.
   */
  whatsapp_opt_in_at: number | null;
  whatsapp_opt_in_version: string | null;
  /** The UPI id the buyer gave for a refund that is due (on /track or by WhatsApp); erased with the phone. */
  refund_upi_id: string | null;
  /**
   * The buyer's billing address, 6-digit PIN code and GST State code, asked only while the shop has a GSTIN
   * (migration 0096; app/domain/receipts/billing-address.ts); null otherwise. The address and PIN are erased
   * with the name; the State stays with the tax it decided.
   */
  billing_address: Generated<string | null>;
  billing_pin: Generated<string | null>;
  billing_state: Generated<string | null>;
}

/**
 * A paid order the operator deleted: enough to say on the revenue screens
 * what they no longer count (migration 0025). The order itself is in the
 * backup named here; restoring it removes this row.
 */
export interface DeletedOrderTable {
  order_id: string;
  created_at: number;
  service_type: ServiceType;
  status: OrderStatus;
  price_paise: number;
  refund_due_paise: number | null;
  profit_paise: number | null;
  deleted_at: number;
  deleted_by: string;
  backup: string;
}

export type OrderRow = Selectable<OrderTable>;
export type NewOrderRow = Insertable<OrderTable>;
export type OrderUpdate = Updateable<OrderTable>;
