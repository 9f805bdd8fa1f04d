import type { AppServices } from "~/context";
import { alertSettings } from "./alert-settings.server";
import type { AlertFacts } from "./events";
import { formatAlert } from "./format";
import { claimAlert, dueAlerts, finishAlert } from "./outbox.server";
import { type RetryPolicy, type SendResult, afterSend } from "./retry";
import { alertSenders } from "./senders.server";

type Services = Pick<AppServices, "db" | "settings" | "config" | "logger">;

/**
 * Sends what the outbox holds that is due: each row claimed first (only one
 * instance wins it), then sent once, then marked sent, or due again after a
 * backoff, or given up with the channel's last error. Returns how many were sent.
 */
export async function sendDueAlerts(services: Services, policy: RetryPolicy, clock = Date.now): Promise<number> {
  const { db } = services;
  const rows = await dueAlerts(db, clock(), policy);
  if (rows.length === 0) return 0;
  const [stored, site] = await Promise.all([alertSettings(db), services.settings.get()]);
  const senders = await alertSenders(db, stored, services.config, site);
  let sent = 0;
  for (const row of rows) {
    const attempt = await claimAlert(db, row, clock());
    if (attempt === null) continue;
    let result: SendResult;
    const sender = stored.settings[row.channel].enabled ? senders[row.channel] : undefined;
    if (attempt > policy.maxAttempts) {
      result = { kind: "permanent", error: row.last_error ?? "The sender stopped during the last attempt" };
    } else if (!sender) {
      result = { kind: "permanent", error: "The channel was turned off or is not set up" };
    } else {
      try {
        const facts = JSON.parse(row.facts) as AlertFacts;
        result = await sender.send(formatAlert(facts, { brand: site.brandName, publicBaseUrl: site.publicBaseUrl }));
      } catch (error) {
        // A sender that throws (it should answer instead) still leaves the row retried, not stuck in `sending`.
        result = { kind: "retry", error: error instanceof Error ? error.message : "The alert could not be sent" };
      }
    }
    await finishAlert(db, row.id, attempt, afterSend(result, attempt, clock(), policy));
    if (result.kind === "ok") sent++;
    else services.logger.warn({ alert: row.id, channel: row.channel, attempt, error: result.error }, "alert not sent");
  }
  return sent;
}
