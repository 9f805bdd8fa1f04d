import type { Selectable } from "kysely";

/** What one panel service supports, as the panel's `services` list last said (stored whenever it is fetched). */
export interface PanelServiceTable {
  service_id: string;
  name: string;
  /** 0 or 1. */
  refill: number;
  cancel: number;
  dripfeed: number;
  fetched_at: number;
}

export type PanelServiceRow = Selectable<PanelServiceTable>;
