import { MAX_SERIAL_ID } from "~/db/serial-id";
import type { Generated, Insertable, Selectable, Updateable } from "kysely";

import type { ServiceType } from "~/domain/panel/service-types";
import type { Timestamps } from "~/db/timestamps";

/** A custom-comments plan has at most this many comments (the plan form says so; the buyer writes each one). */
export const MAX_CUSTOM_COMMENTS = 500;

export interface PlanTable extends Timestamps {
  id: Generated<number>;
  service_type: ServiceType;
  name: string;
  /** Number of followers/likes/views/comments delivered. */
  quantity: number;
  price_paise: number;
  /** The admin form allows at most one tag, so a nullable column is enough. */
  tag: string | null;
  /** 0 or 1: the same integer on SQLite and PostgreSQL. */
  is_enabled: number;
  /** Days after delivery in which the buyer may ask for a refill; 0 = no guarantee. */
  refill_days: Generated<number>;
  /** Delivered in this many runs (0 = all at once), `drip_interval_minutes` apart; `quantity` is the total. */
  drip_runs: Generated<number>;
  drip_interval_minutes: Generated<number>;
  /** 0 or 1, comments plans only: the buyer writes the comments, sent to the custom-comments service (0030). */
  custom_comments: Generated<number>;
  /** The panel service this plan's orders go to; null: the one its panel names for its type (0033). */
  panel_service_id: Generated<string | null>;
  /** Tried when the panel refuses the first service (disabled, gone); null: none (0033). */
  fallback_service_id: Generated<string | null>;
  /** The panel the plan's orders go to (0034); null: the shop's default panel. */
  panel_id: Generated<number | null>;
  /** The panel of the fallback service; null: the default panel. */
  fallback_panel_id: Generated<number | null>;
}

export type PlanRow = Selectable<PlanTable>;
export type NewPlanRow = Insertable<PlanTable>;
export type PlanUpdate = Updateable<PlanTable>;

/** Plan ids are PostgreSQL `serial` (int4) values: a larger number names no plan and must never reach a query. */
export const MAX_PLAN_ID = MAX_SERIAL_ID;

export function isPlanId(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= MAX_PLAN_ID;
}
