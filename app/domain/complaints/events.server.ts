import type { DB } from "~/db/database.server";
import type { RequestClient } from "~/domain/audit/audit.server";
import type { ComplaintRow } from "./table";

/**
 * What happened to a complaint, told to its listeners inside the same
 * transaction, as orders' transitions are (app/domain/orders/events.server.ts):
 * the audit entry and the operator's alert are registered in
 * app/domain/order-events/subscribers.server.ts, and commit or roll back with the change.
 */

export type ComplaintStep = "opened" | "acknowledged" | "resolved" | "ackDueSoon" | "resolveDueSoon";

export interface ComplaintEvent {
  step: ComplaintStep;
  complaint: ComplaintRow;
  /** "buyer", the operator's name, or "system" for a clock's warning. */
  actor: string;
  client?: RequestClient;
  now: number;
}

type Listener = (trx: DB, event: ComplaintEvent) => Promise<void>;
const listeners: Listener[] = [];

/** Adds a listener; only the subscribers file calls this, once, when it is loaded. */
export function listenToComplaints(listener: Listener): void {
  listeners.push(listener);
}

export async function publishComplaint(trx: DB, event: ComplaintEvent): Promise<void> {
  // The audit trail is a listener: a complaint must never change unrecorded.
  if (listeners.length === 0) {
    throw new Error("Complaint listeners are not loaded: import ~/domain/order-events/subscribers.server at start-up");
  }
  for (const listener of listeners) await listener(trx, event);
}
