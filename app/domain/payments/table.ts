import type { Generated, Selectable } from "kysely";

/** One row per amount an open order was asked to pay on an account: the primary key keeps it unique (0040). */
export interface PaymentAmountHoldTable {
  /** The receiving account the order pays: each account has its own amounts. */
  account_id: number;
  amount_paise: number;
  order_id: string;
  /** After this (the order's window and grace period), the amount may go to another order. */
  held_until: number;
  /** The address key (IPv6 as its /64) of the client that asked for it; null when unknown or not public. */
  client_address: string | null;
  /** The client's wider network: an IPv6 client's /56, an IPv4 client's /24 (0040); null when unknown. */
  client_network: string | null;
  /** The widest: an IPv6 client's /48 (0040); null for IPv4 or unknown. */
  client_wide: string | null;
}

/** app: a payment app's notification relayed from the operator's phone (app-alert.server.ts). */
export const CREDIT_SOURCES = ["sms", "email", "gateway", "app"] as const;
export type CreditSource = (typeof CREDIT_SOURCES)[number];

/** check: the operator's "pay ₹1 to yourself" (payments/check), never an order's payment. */
export const CREDIT_STATUSES = ["confirmed", "unmatched", "assigned", "dismissed", "duplicate", "check"] as const;
export type CreditStatus = (typeof CREDIT_STATUSES)[number];

/** Every credit a source reported, once, with what became of it. */
export interface PaymentCreditTable {
  id: Generated<number>;
  source: CreditSource;
  /** The source's own id for the credit (UTR, message id): a second report of it is the same credit. */
  dedupe_key: string;
  /** Null when the alert could not be read. */
  amount_paise: number | null;
  utr: string | null;
  payer_vpa: string | null;
  /** When the bank says the money arrived, when the alert says. */
  credited_at: number | null;
  received_at: number;
  /** JSON: what the credit rests on (alert text, sender, template, signature check). */
  evidence: string;
  status: CreditStatus;
  /** Why it is unmatched (an UnmatchedReason) or why it was dismissed. */
  reason: string | null;
  /** The order it confirmed or was assigned to. */
  order_id: string | null;
  resolved_by: string | null;
  resolved_at: number | null;
  resolution_note: string | null;
}

export type PaymentCreditRow = Selectable<PaymentCreditTable>;

export interface PaymentReplayGuardTable {
  key: string;
  expires_at: number;
}

/** An SMS sender header the operator added for a bank in the registry (migration 0045). */
export interface PaymentSmsHeaderTable {
  header: string;
  bank_id: string;
  added_at: number;
  added_by: string;
}
