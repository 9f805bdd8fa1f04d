import type { Selectable } from "kysely";

/** The gateway-side order made for one shop order (at most one per shop order). */
export interface PaymentGatewayOrderTable {
  order_id: string;
  gateway: string;
  /** Null while the request that makes it is under way. */
  gateway_order_id: string | null;
  /** The shop's price it was made for. */
  amount_paise: number;
  created_at: number;
  /** When the first verified webhook about it came; reconciliation leaves it alone after. */
  webhook_at: number | null;
  /** When reconciliation next asks the gateway about it; null once there is nothing left to ask. */
  next_check_at: number | null;
  /** Failed asks in a row: each one waits longer before the next. */
  check_failures: number;
}

export type PaymentGatewayOrderRow = Selectable<PaymentGatewayOrderTable>;
