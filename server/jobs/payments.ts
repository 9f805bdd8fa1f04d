import type { AppServices } from "~/context";
import { expireOverdueOrders, sendPaidBacklog } from "~/domain/orders/payment-jobs.server";
import { withJitter } from "~/domain/panel/sync-schedule";
import type { RunningJob } from "./panel-sync";

/**
 * Every PAYMENT_JOB_INTERVAL_MS: closes payment windows that ran out (the
 * server's clock, not the buyer's browser, decides) and sends paid orders that
 * the automatic sender has not yet handed to the panel.
 */
export function startPaymentJobs(services: AppServices, { intervalMs = services.config.PAYMENT_JOB_INTERVAL_MS } = {}) {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const tick = async () => {
    try {
      const expired = await expireOverdueOrders(services);
      if (expired > 0) services.logger.info({ orders: expired }, "payment windows closed");
      const sent = await sendPaidBacklog(services);
      if (sent > 0) services.logger.info({ orders: sent }, "paid orders sent to the SMM panel");
    } catch (error) {
      services.logger.error({ err: error }, "payment jobs failed");
    }
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick().finally(() => {
        running = undefined;
        schedule();
      });
    }, withJitter(intervalMs));
    timer.unref();
  };
  schedule();

  const job: RunningJob = {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      if (running) {
        await Promise.race([
          running,
          new Promise((done) => setTimeout(done, services.config.SHUTDOWN_TIMEOUT_MS).unref()),
        ]);
      }
    },
  };
  return job;
}
