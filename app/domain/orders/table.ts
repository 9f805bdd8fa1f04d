import type { Generated, Insertable, Selectable, Updateable } from "kysely";
import type { ServiceType } from "~/domain/plans/table";
import type { OrderStatus } from "./lifecycle";

export type { OrderStatus } from "./lifecycle";

export interface OrderTable {
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
  /** The account the buyer named; for likes and comments the target is the post link. */
  target_username: string | null;
  quantity: number;
  /** The plan's refill guarantee, drip-feed runs and interval when ordered (0 = none). */
  refill_days: Generated<number>;
  drip_runs: Generated<number>;
  drip_interval_minutes: Generated<number>;
  /** What the buyer pays: the listed price less the few paise that make it unique among open orders. */
  price_paise: number;
  /** The plan's price when ordered; null on orders made before unique amounts. */
  listed_price_paise: number | null;
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
  refunded_at: number | null;
  /** The UPI reference of the refund the operator paid. */
  refund_reference: string | null;
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
  profit_paise: number | null;
  /** When the panel completed it (the refill guarantee counts from here); null before, and on orders delivered before it was kept. */
  delivered_at: number | null;
  anonymised_at: number | null;
  /** When the buyer agreed to the terms (18 or older) for this order, and which terms (TERMS_VERSION); null on older orders. */
  terms_agreed_at: number | null;
  terms_version: string | null;
  created_at: number;
  updated_at: number;
}

export type OrderRow = Selectable<OrderTable>;
export type NewOrderRow = Insertable<OrderTable>;
export type OrderUpdate = Updateable<OrderTable>;
