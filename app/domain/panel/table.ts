import type { Generated, Insertable, Selectable, Updateable } from "kysely";
import type { Timestamps } from "~/db/timestamps";

/**
 * An SMM panel the shop buys from (migration 0034, ADR 0024): where its API
 * is, its key, the currency it bills in, the link form it takes per service
 * type, the service each type goes to unless a plan names its own, and the
 * balance it last reported. One panel is the default: plans that name none
 * go there.
 */
export interface PanelTable extends Timestamps {
  id: Generated<number>;
  name: string;
  /** Exactly as the operator pasted it (docs/panels.md). */
  api_url: string;
  /** A secret: never sent back to a browser. */
  api_key: string;
  /** The currency the panel bills in, used when a reply names none. */
  currency: Generated<string>;
  /** Rupees per one unit of `currency`; "" when unknown (no profit is computed then). */
  inr_rate: Generated<string>;
  link_followers: Generated<string>;
  link_likes: Generated<string>;
  link_views: Generated<string>;
  link_comments: Generated<string>;
  service_followers: Generated<string>;
  service_likes: Generated<string>;
  service_views: Generated<string>;
  service_comments: Generated<string>;
  service_custom_comments: Generated<string>;
  /** 1 for the default panel (at most one). */
  is_default: Generated<number>;
  /** The balance the panel last reported (decimal text), its currency, and when. */
  balance: string | null;
  balance_currency: string | null;
  balance_checked_at: number | null;
}

export type PanelRow = Selectable<PanelTable>;
export type NewPanelRow = Insertable<PanelTable>;
export type PanelRowUpdate = Updateable<PanelTable>;

/** What one panel service supports, as the panel's `services` list last said (stored whenever it is fetched). */
export interface PanelServiceTable {
  /** The panel whose list named it (0034). */
  panel_id: number;
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
