import type { Generated, Selectable } from "kysely";
import type { ComplaintStatus } from "./clocks";

/** A buyer's complaint and its clocks (migration 0081). */
export interface ComplaintTable {
  id: Generated<number>;
  /** What the buyer quotes: "CMP-" and 8 letters and digits. */
  ticket: string;
  order_id: string;
  message: string;
  status: ComplaintStatus;
  created_at: number;
  /** 48 hours after it was made (rule 4(5)). */
  ack_due_at: number;
  /** One month after it was made (rule 4(5)). */
  resolve_due_at: number;
  acknowledged_at: number | null;
  acknowledged_by: string | null;
  ack_note: string | null;
  resolved_at: number | null;
  resolved_by: string | null;
  resolution_note: string | null;
  /** When the operator was warned that a clock is running out (once each). */
  ack_warned_at: number | null;
  resolve_warned_at: number | null;
}

export type ComplaintRow = Selectable<ComplaintTable>;
