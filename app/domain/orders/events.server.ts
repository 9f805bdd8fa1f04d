import { afterCommit } from "~/db/after-commit.server";
import { type DB, databaseOf } from "~/db/database.server";
import type { RequestClient } from "~/domain/audit/audit.server";
import type { Actor, OrderStatus, TransitionName } from "./lifecycle";
import type { OrderRow } from "./table";

/**
 * What happened to an order, told to whoever listens (ADR 0018). The status
 * writer (`applyTransition`) publishes every transition it made; the order's
 * deletion publishes `deleted`. It does not know who listens: the listeners
 * are registered in one file, app/domain/order-events/subscribers.server.ts,
 * as Solidus registers `after_transition` hooks and pretix connects receivers
 * to its `order_paid` signal.
 *
 * Two kinds of listener:
 * - in the transaction: called with the same transaction, before the status
 *   writer returns. What they write commits or rolls back with the change
 *   (the audit entry, the operator's alert, the public pages' change mark);
 *   one that throws undoes the transition.
 * - after commit: called once the transaction committed, never for one that
 *   rolled back, and with the database (not the transaction). Best effort: a
 *   process stopped in between never calls them, so each has a job that reads
 *   the committed state and does the same (app/db/after-commit.server.ts).
 */

export interface OrderTransitioned {
  name: TransitionName;
  from: OrderStatus;
  to: OrderStatus;
  /** The order as the transition left it. */
  order: OrderRow;
  actor: Actor;
  /** Why, in words for the order's history. */
  reason: string;
  /** Extra facts for the history (never secrets). */
  details?: Record<string, unknown>;
  client?: RequestClient;
  now: number;
}

export interface OrderDeleted {
  /** The order as it was just before it was deleted. */
  order: OrderRow;
  now: number;
}

export interface OrderListeners {
  /** Runs inside the transition's transaction. */
  transitioned?: (trx: DB, event: OrderTransitioned) => Promise<void>;
  /** Runs once the transition's transaction committed (not awaited by whoever made the change). */
  committed?: (event: OrderTransitioned, db: DB) => void | Promise<void>;
  /** Runs inside the deletion's transaction. */
  deleted?: (trx: DB, event: OrderDeleted) => Promise<void>;
}

const listeners: OrderListeners[] = [];

/** Adds listeners; only the subscribers file calls this, once, when it is loaded. */
export function listenToOrders(added: OrderListeners): void {
  listeners.push(added);
}

function requireListeners(): void {
  // The audit trail is a listener: a process that never loaded the subscribers would change orders unrecorded.
  if (listeners.length === 0) {
    throw new Error("Order listeners are not loaded: import ~/domain/order-events/subscribers.server at start-up");
  }
}

/** Tells the listeners about a transition, inside its transaction; `committed` ones are queued for after the commit. */
export async function publishTransition(trx: DB, event: OrderTransitioned): Promise<void> {
  requireListeners();
  for (const listener of listeners) {
    if (listener.transitioned) await listener.transitioned(trx, event);
  }
  const db = databaseOf(trx);
  if (!db) throw new Error("An order changes only in a transaction opened by transaction() or writeTransaction()");
  for (const listener of listeners) {
    const committed = listener.committed;
    if (committed) afterCommit(() => committed(event, db));
  }
}

/** Tells the listeners an order is being deleted, inside the deleting transaction. */
export async function publishDeletion(trx: DB, event: OrderDeleted): Promise<void> {
  requireListeners();
  for (const listener of listeners) {
    if (listener.deleted) await listener.deleted(trx, event);
  }
}
