import type { AppServices } from "~/context";
import { reconcileGatewayOrders } from "~/domain/payments/gateways/reconcile.server";
import { withJitter } from "~/domain/panel/sync-schedule";
import type { RunningJob } from "./panel-sync";

/**
 * Every GATEWAY_RECONCILE_INTERVAL_MS: asks the payment gateway about online
 * payments whose webhook never came (app/domain/payments/gateways/reconcile.server.ts).
 * Does nothing while no gateway is set up.
 */
export function startGatewayReconcileJob(
  services: AppServices,
  { intervalMs = services.config.GATEWAY_RECONCILE_INTERVAL_MS } = {},
): RunningJob {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const tick = async () => {
    try {
      const confirmed = await reconcileGatewayOrders(services);
      if (confirmed > 0) services.logger.info({ orders: confirmed }, "online payments confirmed by asking the gateway");
    } catch (error) {
      services.logger.error({ err: error }, "gateway reconciliation failed");
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

  return {
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
}
