import type { Generated, Selectable } from "kysely";

/** A buyer's request to erase their personal data (migration 0095). Holds no personal data itself. */
export interface ErasureRequestTable {
  id: Generated<number>;
  /** What the buyer is shown: "ERA-" and 8 letters and digits. */
  reference: string;
  /** JSON array: the order ids of the buyer's phone when they asked. */
  order_ids: string;
  /** JSON array: those still being paid for, delivered or refunded when they asked; erased once they finish. */
  waiting_order_ids: string;
  requested_at: number;
  /** When everything was erased; null while an order still waits. */
  done_at: number | null;
}

export type ErasureRequestRow = Selectable<ErasureRequestTable>;
