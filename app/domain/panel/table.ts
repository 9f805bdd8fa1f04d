import type { Generated, Selectable } from "kysely";

/** What one panel service supports, as the panel's `services` list last said (stored whenever it is fetched). */
export interface PanelServiceTable {
  service_id: string;
  name: string;
  /** 0 or 1. */
  refill: number;
  cancel: number;
  dripfeed: number;
  /** Price per 1000 in the panel's currency, decimal text as sent; null when the list gave none (0033). */
  rate: string | null;
  min_quantity: number | null;
  max_quantity: number | null;
  /** The panel's words: "Default", "Custom Comments", …; and its category. */
  type: Generated<string>;
  category: Generated<string>;
  fetched_at: number;
}

export type PanelServiceRow = Selectable<PanelServiceTable>;
