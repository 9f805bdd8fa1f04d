import type { Generated, Selectable } from "kysely";

export const PANEL_REQUEST_KINDS = ["refill", "cancel"] as const;
export type PanelRequestKind = (typeof PANEL_REQUEST_KINDS)[number];

/**
 * requested: claimed, the panel call is under way (or the process stopped during it);
 * accepted: the panel took it (a refill id, or the order cancelled);
 * failed: the panel refused or did not answer, so nothing was done for the buyer.
 */
export type PanelRequestState = "requested" | "accepted" | "failed";

/** One refill or cancel asked of the SMM panel for an order, and how it ended. */
export interface OrderPanelRequestTable {
  id: Generated<number>;
  /** The order's public id. */
  order_id: string;
  kind: PanelRequestKind;
  state: PanelRequestState;
  /** "buyer" or the operator's name. */
  requested_by: string;
  panel_refill_id: string | null;
  /** The panel's refill status in one spelling (refill-status.ts); null until first reported. */
  refill_status: string | null;
  /** Why it failed, for the operator (never shown to the buyer as is). */
  error: string | null;
  requested_at: number;
  answered_at: number | null;
  /** When the status sync next asks about this refill; null when nothing more to ask. */
  next_sync_at: number | null;
}

export type OrderPanelRequestRow = Selectable<OrderPanelRequestTable>;
