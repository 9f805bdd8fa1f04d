import type { DB } from "~/db/database.server";
import type { ServiceTerms } from "./parse";

/**
 * What happened at a panel, told to whoever listens, as the order's status
 * writer tells its changes (app/domain/orders/events.server.ts, ADR 0018).
 * The panel is the lowest feature that talks to the outside (ADR 0040): it
 * knows nothing of plans or alerts, so what follows a new services list (the
 * plans it breaks, the operator's alert) is a listener, registered with the
 * others in app/domain/order-events/subscribers.server.ts.
 */

/** A panel's services list was stored: its terms before and after, by service id. */
export interface ServicesRefreshed {
  panelId: number;
  before: ReadonlyMap<string, ServiceTerms>;
  after: ReadonlyMap<string, ServiceTerms>;
  now: number;
}

export interface PanelListeners {
  /** Runs inside the transaction that stored the list: what it writes is kept with the list, or not at all. */
  servicesRefreshed?: (trx: DB, event: ServicesRefreshed) => Promise<void>;
}

const listeners: PanelListeners[] = [];

/** Adds listeners; only the subscribers file calls this, once, when it is loaded. */
export function listenToPanels(added: PanelListeners): void {
  listeners.push(added);
}

/** Tells the listeners a services list was stored, inside the transaction that stored it. */
export async function publishServicesRefreshed(trx: DB, event: ServicesRefreshed): Promise<void> {
  // A process that never loaded the listeners would store lists whose broken plans nobody hears about.
  if (listeners.length === 0) {
    throw new Error("Panel listeners are not loaded: import ~/domain/order-events/subscribers.server at start-up");
  }
  for (const listener of listeners) {
    if (listener.servicesRefreshed) await listener.servicesRefreshed(trx, event);
  }
}
