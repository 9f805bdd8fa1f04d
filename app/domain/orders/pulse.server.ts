import type { DB } from "~/db/database.server";
import { countOrdersByStatus, lastOrderChange } from "./orders.repository.server";

/**
 * The admin's heartbeat: when any order last changed (so an open page knows
 * to reload) and how many orders wait for the operator. Three indexed reads,
 * cheap enough to ask every few seconds from every open admin tab.
 */
export interface AdminPulse {
  /** updated_at of the most recently changed order. */
  version: number;
  /** Payments the buyer claimed (gave a UTR) and the operator has not confirmed. */
  toConfirm: number;
  /** Orders the panel may or may not have, or that failed: a person must look. */
  toCheck: number;
}

export async function adminPulse(db: DB): Promise<AdminPulse> {
  const [version, toConfirm, toCheck] = await Promise.all([
    lastOrderChange(db),
    countOrdersByStatus(db, ["payment_claimed"]),
    countOrdersByStatus(db, ["placement_unknown", "failed"]),
  ]);
  return { version, toConfirm, toCheck };
}
