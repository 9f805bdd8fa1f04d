import type { AppServices } from "~/context";
import { isAppError } from "~/lib/app-error";
import { overdueUnpaidOrderIds } from "~/domain/orders/orders.repository.server";
import { transitionOrder } from "~/domain/orders/transitions.server";

/**
 * The server's side of the payment window: it does not wait for a browser to
 * ask. Sending paid orders on is fulfilment's (fulfilment/placement-jobs.server.ts).
 */

const EXPIRY = { kind: "system", job: "payment-expiry" } as const;

/** Orders whose window closed with nothing paid and no UTR become expired (a late UTR still revives them). */
export async function expireOverdueOrders(services: Pick<AppServices, "db">, now = Date.now()): Promise<number> {
  let expired = 0;
  // Bounded, so a burst of abandoned checkouts cannot hold the job: the next run takes the rest.
  for (let round = 0; round < 20; round++) {
    const due = await overdueUnpaidOrderIds(services.db, now, 200);
    for (const orderId of due) {
      try {
        await transitionOrder(services.db, orderId, "expire", {
          actor: EXPIRY,
          reason: "the payment window closed with no payment",
          now,
        });
        expired++;
      } catch (error) {
        // A UTR or a confirmation got there first: that order is not expired, which is right.
        if (!isAppError(error)) throw error;
      }
    }
    if (due.length < 200) break;
  }
  return expired;
}
