import type { AppServices } from "~/context";
import { reconcileGatewayOrders } from "~/domain/payments/gateways/reconcile.server";
import { JOBS } from "~/domain/jobs/jobs";
import { type RunningJob, startRepeatingJob } from "./repeating-job";

/**
 * Every GATEWAY_RECONCILE_INTERVAL_MS: asks the payment gateway about online
 * payments whose webhook never came (app/domain/payments/gateways/reconcile.server.ts).
 * Does nothing while no gateway is set up.
 */
export function startGatewayReconcileJob(
  services: AppServices,
  { intervalMs = services.config.GATEWAY_RECONCILE_INTERVAL_MS } = {},
): RunningJob {
  return startRepeatingJob(services, JOBS.gateway.name, intervalMs, async () => {
    const confirmed = await reconcileGatewayOrders(services);
    if (confirmed > 0) services.logger.info({ orders: confirmed }, "online payments confirmed by asking the gateway");
  });
}
