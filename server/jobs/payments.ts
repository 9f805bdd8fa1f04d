import type { AppServices } from "~/context";
import { retryWaitingOrders } from "~/domain/fulfilment/placement-jobs.server";
import { expireOverdueOrders } from "~/domain/payments/payment-jobs.server";
import { sendPaidBacklog, sendQueuedOrders } from "~/domain/fulfilment/placement-jobs.server";
import { JOBS } from "~/domain/jobs/jobs";
import { type RunningJob, startRepeatingJob } from "./repeating-job";

/**
 * Every PAYMENT_JOB_INTERVAL_MS: closes payment windows that ran out (the
 * server's clock, not the buyer's browser, decides), sends paid orders that
 * the automatic sender has not yet handed to the panel, sends queued orders
 * whose target the order ahead of them left, and sends again the
 * orders waiting for the panel whose backoff is over.
 */
export function startPaymentJobs(
  services: AppServices,
  { intervalMs = services.config.PAYMENT_JOB_INTERVAL_MS } = {},
): RunningJob {
  return startRepeatingJob(services, JOBS.payments.name, intervalMs, async () => {
    const expired = await expireOverdueOrders(services);
    if (expired > 0) services.logger.info({ orders: expired }, "payment windows closed");
    const sent = await sendPaidBacklog(services);
    if (sent > 0) services.logger.info({ orders: sent }, "paid orders sent to the SMM panel");
    const queued = await sendQueuedOrders(services);
    if (queued > 0) services.logger.info({ orders: queued }, "queued orders sent once their target was free");
    const retried = await retryWaitingOrders(services);
    if (retried > 0) services.logger.info({ orders: retried }, "orders that waited for the SMM panel sent");
  });
}
