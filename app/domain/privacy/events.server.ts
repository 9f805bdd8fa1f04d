import type { DB } from "~/db/database.server";
import type { ErasureRequestRow } from "./table";

/**
 * What happened to a buyer's erasure request, told to its listeners inside
 * the same transaction, as orders' transitions and complaints are: the audit
 * entry and the operator's alert are registered in
 * app/domain/order-events/subscribers.server.ts and commit or roll back with
 * the erasure. The event names orders only, never the erased data.
 */

export type ErasureStep = "requested" | "done";

export interface ErasureEvent {
  step: ErasureStep;
  request: ErasureRequestRow;
  /** The orders erased by this step. */
  erased: string[];
  /** The orders still waiting to finish (none once done). */
  waiting: string[];
  now: number;
}

type Listener = (trx: DB, event: ErasureEvent) => Promise<void>;
const listeners: Listener[] = [];

/** Adds a listener; only the subscribers file calls this, once, when it is loaded. */
export function listenToErasures(listener: Listener): void {
  listeners.push(listener);
}

export async function publishErasure(trx: DB, event: ErasureEvent): Promise<void> {
  // The audit trail is a listener: an erasure must never happen unrecorded.
  if (listeners.length === 0) {
    throw new Error("Erasure listeners are not loaded: import ~/domain/order-events/subscribers.server at start-up");
  }
  for (const listener of listeners) await listener(trx, event);
}
