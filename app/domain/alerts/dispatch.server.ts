import type { AppServices } from "~/context";
import { alertSettings } from "./alert-settings.server";
import type { AlertChannel, AlertFacts } from "./events";
import { formatAlert } from "./format";
import { claimAlert, dueAlerts, finishAlert } from "./outbox.server";
import { type RetryPolicy, type SendResult, afterSend } from "./retry";
import type { AlertOutboxRow } from "./table";
import { alertSenders } from "./senders.server";

type Services = Pick<AppServices, "db" | "settings" | "config" | "logger">;

/** Rows read per round, and rounds per call: a backlog drains in one tick, yet one tick stays bounded. */
const BATCH = 20;
const MAX_ROUNDS = 10;

/**
 * Sends what the outbox holds that is due: each row claimed first (only one
 * instance wins it), then sent once, then marked sent, or due again after a
 * backoff, or given up with the channel's last error. Channels are sent in
 * parallel (one slow or dead channel does not hold the others), each one's
 * rows in order. A channel that fails is not tried again in this call: its
 * other rows wait, unclaimed and with no attempt used, for the next tick,
 * so a dead channel costs one try per tick, not one per queued alert. While
 * a full batch comes back, the next is read at once. Returns how many were sent.
 */
export async function sendDueAlerts(
  services: Services,
  policy: RetryPolicy,
  { clock = Date.now, senders = alertSenders }: { clock?: () => number; senders?: typeof alertSenders } = {},
): Promise<number> {
  const failing = new Set<AlertChannel>();
  let sent = 0;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const rows = await dueAlerts(services.db, clock(), policy, { limit: BATCH, skipChannels: [...failing] });
    if (rows.length === 0) break;
    sent += await sendBatch(services, policy, { clock, senders }, rows, failing);
    if (rows.length < BATCH) break;
  }
  return sent;
}

async function sendBatch(
  services: Services,
  policy: RetryPolicy,
  { clock, senders: makeSenders }: { clock: () => number; senders: typeof alertSenders },
  rows: AlertOutboxRow[],
  failing: Set<AlertChannel>,
): Promise<number> {
  const { db } = services;
  const [stored, site] = await Promise.all([alertSettings(db), services.settings.get()]);
  const senders = await makeSenders(db, stored, services.config, site);

  const sendRow = async (row: AlertOutboxRow): Promise<boolean> => {
    const attempt = await claimAlert(db, row, clock());
    if (attempt === null) return false;
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
    if (result.kind === "retry") failing.add(row.channel);
    if (result.kind !== "ok") {
      services.logger.warn({ alert: row.id, channel: row.channel, attempt, error: result.error }, "alert not sent");
    }
    return result.kind === "ok";
  };

  const byChannel = new Map<AlertOutboxRow["channel"], AlertOutboxRow[]>();
  for (const row of rows) byChannel.set(row.channel, [...(byChannel.get(row.channel) ?? []), row]);
  const counts = await Promise.all(
    [...byChannel.values()].map(async (channelRows) => {
      let sent = 0;
      for (const row of channelRows) {
        if (failing.has(row.channel)) break;
        if (await sendRow(row)) sent++;
      }
      return sent;
    }),
  );
  return counts.reduce((a, b) => a + b, 0);
}
