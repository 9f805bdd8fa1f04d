import type { AppServices } from "~/context";
import { drainOutbox, sendDueAlerts } from "~/domain/operator-alerts/dispatch.server";
import { buyerMessageLane } from "~/domain/buyer-messages/senders.server";
import { pruneAlerts } from "~/domain/operator-alerts/outbox.server";
import { DEFAULT_RETRY } from "~/domain/operator-alerts/retry";
import { queueDailySummary, queueLowBalance } from "~/domain/operator-alerts/scheduled.server";
import { vapidKeys } from "~/domain/operator-alerts/vapid.server";
import { warnComplaintClocks } from "~/domain/complaints/complaints.server";
import { JOBS } from "~/domain/jobs/jobs";
import { type RunningJob, startRepeatingJob } from "./repeating-job";

/** How often the panel balance is looked at for the low-balance alert. */
const BALANCE_CHECK_MS = 30 * 60_000;
/** Sent and given-up alerts are kept this long (the last error stays readable), then forgotten. */
const KEEP_ALERTS_MS = 30 * 24 * 3600_000;
const PRUNE_EVERY_MS = 3600_000;

/**
 * Every ALERT_JOB_INTERVAL_MS: queues the daily summary and the low-balance
 * alert when due, then sends the outbox's due alerts (app/domain/operator-alerts/).
 * A channel that is down only delays its own alerts.
 */
export function startOperatorAlertsJob(services: AppServices): RunningJob {
  const policy = { ...DEFAULT_RETRY, baseMs: services.config.ALERT_RETRY_BASE_MS };
  let balanceCheckedAt = 0;
  let prunedAt = 0;
  // The Web Push key pair, made at first start so the Settings page can offer notifications at once.
  vapidKeys(services.db).catch((error: unknown) => services.logger.error({ err: error }, "VAPID keys not made"));

  return startRepeatingJob(services, JOBS.alerts.name, services.config.ALERT_JOB_INTERVAL_MS, async () => {
    try {
      await queueDailySummary(services);
      // A complaint's 48-hour or one-month clock about to run out (issue 51): warned once each.
      await warnComplaintClocks(services.db);
      // The panel is asked at most every BALANCE_CHECK_MS, and only while an alert could follow.
      if (Date.now() - balanceCheckedAt >= BALANCE_CHECK_MS && (await queueLowBalance(services)) !== "off") {
        balanceCheckedAt = Date.now();
      }
      if (Date.now() - prunedAt >= PRUNE_EVERY_MS) {
        prunedAt = Date.now();
        await pruneAlerts(services.db, prunedAt - KEEP_ALERTS_MS);
      }
    } catch (error) {
      // A failing schedule must not hold back the alerts already queued.
      services.logger.error({ err: error }, "scheduled alerts could not be queued");
    }
    // The operator's alerts and the buyers' messages: one outbox and one retry rule, each lane its own channels.
    await Promise.all([sendDueAlerts(services, policy), drainOutbox(services, policy, buyerMessageLane(services))]);
  });
}
