import type { DB } from "~/db/database.server";

/**
 * A refill's news, told to whoever listens (ADR 0018, as the status writer
 * tells an order's transitions): the panel took it (started), or finished it
 * (done). Published inside the transaction that records it; the listeners
 * (app/domain/order-events/subscribers.server.ts) write in that transaction
 * too, so the news and what follows from it commit together.
 */
export interface RefillNews {
  kind: "started" | "done";
  orderId: string;
  /** The refill request (order_panel_requests.id): each refill is news once. */
  requestId: number;
  now: number;
}

type RefillListener = (trx: DB, news: RefillNews) => Promise<void>;

const listeners: RefillListener[] = [];

/** Adds a listener; only the subscribers file calls this, once, when it is loaded. */
export function listenToRefills(listener: RefillListener): void {
  listeners.push(listener);
}

export async function publishRefill(trx: DB, news: RefillNews): Promise<void> {
  for (const listener of listeners) await listener(trx, news);
}
