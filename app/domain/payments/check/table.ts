import type { Generated, Selectable } from "kysely";
import type { CheckStatus } from "./stages";

/** A "pay ₹1 to yourself" check (migration 0041): never an order. */
export interface PaymentCheckTable {
  id: Generated<number>;
  /** The receiving account it asks to be paid on, and its UPI ID then. */
  account_id: number;
  upi_id: string;
  /** ₹1.01 to ₹1.99, unique among waiting checks. */
  amount_paise: number;
  status: CheckStatus;
  started_by: string;
  started_at: number;
  expires_at: number;
  finished_at: number | null;
  /** The credit that paid it (payment_credits, status "check"). */
  credit_id: number | null;
  /** JSON CheckEvent[]: what each alert that arrived while it waited came to. */
  events: string;
}

export type PaymentCheckRow = Selectable<PaymentCheckTable>;
