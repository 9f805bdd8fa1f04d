import type { AppServices } from "~/context";
import { sendDueAlerts } from "~/domain/alerts/dispatch.server";
import { pruneAlerts } from "~/domain/alerts/outbox.server";
import { DEFAULT_RETRY } from "~/domain/alerts/retry";
import { queueDailySummary, queueLowBalance } from "~/domain/alerts/scheduled.server";
import { vapidKeys } from "~/domain/alerts/vapid.server";
import { withJitter } from "~/domain/panel/sync-schedule";
import type { RunningJob } from "./panel-sync";

/** How often the panel balance is looked at for the low-balance alert. */
const BALANCE_CHECK_MS = 30 * 60_000;
/** Sent and given-up alerts are kept this long (the last error stays readable), then forgotten. */
const KEEP_ALERTS_MS = 30 * 24 * 3600_000;
const PRUNE_EVERY_MS = 3600_000;

/**
 * Every ALERT_JOB_INTERVAL_MS: queues the daily summary and the low-balance
 * alert when due, then sends the outbox's due alerts (app/domain/alerts/).
 * A channel that is down only delays its own alerts.
 */
export function startAlertsJob(services: AppServices): RunningJob {
  const policy = { ...DEFAULT_RETRY, baseMs: services.config.ALERT_RETRY_BASE_MS };
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let balanceCheckedAt = 0;
  let prunedAt = 0;
  // The Web Push key pair, made at first start so the Settings page can offer notifications at once.
  vapidKeys(services.db).catch((error: unknown) => services.logger.error({ err: error }, "VAPID keys not made"));

  const tick = async () => {
    try {
      await queueDailySummary(services);
      // The panel is asked at most every BALANCE_CHECK_MS, and only while an alert could follow.
      if (Date.now() - balanceCheckedAt >= BALANCE_CHECK_MS && (await queueLowBalance(services)) !== "off") {
        balanceCheckedAt = Date.now();
      }
      if (Date.now() - prunedAt >= PRUNE_EVERY_MS) {
        prunedAt = Date.now();
        await pruneAlerts(services.db, prunedAt - KEEP_ALERTS_MS);
      }
    } catch (error) {
      services.logger.error({ err: error }, "scheduled alerts could not be queued");
    }
    try {
      await sendDueAlerts(services, policy);
    } catch (error) {
      services.logger.error({ err: error }, "sending alerts failed");
    }
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick().finally(() => {
        running = undefined;
        schedule();
      });
    }, withJitter(services.config.ALERT_JOB_INTERVAL_MS));
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
