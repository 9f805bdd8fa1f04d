import type { AppServices } from "~/context";
import { alertSettings } from "./alert-settings.server";
import { ALERT_CHANNELS, type AlertFacts, type OutboxChannel } from "./events";
import { formatAlert } from "./format";
import { claimAlert, dueAlerts, finishAlert } from "./outbox.server";
import { type RetryPolicy, type SendResult, afterSend } from "./retry";
import type { AlertOutboxRow } from "./table";
import { alertSenders } from "./senders.server";

type Services = Pick<AppServices, "db" | "settings" | "config" | "logger">;

/** Rows read per round, and rounds per call: a backlog drains in one tick, yet one tick stays bounded. */
const BATCH = 20;
const MAX_ROUNDS = 10;

/** Sends one claimed row: never throws (a throw is taken as "try again"). */
export type RowSender = (row: AlertOutboxRow) => Promise<SendResult>;

/**
 * One feature's share of the outbox: the channels it sends, and for each
 * batch of their rows the sender of each channel (read once per batch: the
 * settings, the keys). A channel left without a sender gives its rows up.
 */
export interface OutboxLane {
  name: string;
  channels: readonly OutboxChannel[];
  senders(rows: readonly AlertOutboxRow[]): Promise<Partial<Record<OutboxChannel, RowSender>>>;
  /** Sending a row may queue another of this lane (a chat's reply): after a send, look again at once. */
  queuesMore?: boolean;
}

/**
 * Sends what the outbox holds that is due for a lane: each row claimed first
 * (only one instance wins it), then sent once, then marked sent, or due again
 * after a backoff, or put off to a later time (not an attempt), or given up
 * with the channel's last error. Channels are sent in parallel (one slow or
 * dead channel does not hold the others), each one's rows in order. A channel
 * that fails is not tried again in this call: its other rows wait, unclaimed
 * and with no attempt used, for the next tick, so a dead channel costs one
 * try per tick, not one per queued row. While a full batch comes back, the
 * next is read at once. Returns how many were sent.
 */
export async function drainOutbox(
  services: Pick<AppServices, "db" | "logger">,
  policy: RetryPolicy,
  lane: OutboxLane,
  { clock = Date.now }: { clock?: () => number } = {},
): Promise<number> {
  const failing = new Set<OutboxChannel>();
  let sent = 0;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const rows = await dueAlerts(services.db, clock(), policy, {
      limit: BATCH,
      skipChannels: [...failing],
      channels: lane.channels,
    });
    if (rows.length === 0) break;
    const sentNow = await sendBatch(services, policy, lane, clock, rows, failing);
    sent += sentNow;
    if (rows.length < BATCH && !(lane.queuesMore && sentNow > 0)) break;
  }
  return sent;
}

async function sendBatch(
  services: Pick<AppServices, "db" | "logger">,
  policy: RetryPolicy,
  lane: OutboxLane,
  clock: () => number,
  rows: AlertOutboxRow[],
  failing: Set<OutboxChannel>,
): Promise<number> {
  const { db } = services;
  const senders = await lane.senders(rows);

  const sendRow = async (row: AlertOutboxRow): Promise<boolean> => {
    const attempt = await claimAlert(db, row, clock());
    if (attempt === null) return false;
    let result: SendResult;
    const sender = senders[row.channel];
    if (attempt > policy.maxAttempts) {
      result = { kind: "permanent", error: row.last_error ?? "The sender stopped during the last attempt" };
    } else if (!sender) {
      result = { kind: "permanent", error: "The channel was turned off or is not set up" };
    } else {
      try {
        result = await sender(row);
      } catch (error) {
        // A sender that throws (it should answer instead) still leaves the row retried, not stuck in `sending`.
        result = { kind: "retry", error: error instanceof Error ? error.message : "The message could not be sent" };
      }
    }
    await finishAlert(db, row.id, attempt, afterSend(result, attempt, clock(), policy));
    if (result.kind === "retry") failing.add(row.channel);
    if (result.kind === "retry" || result.kind === "permanent") {
      services.logger.warn(
        { outbox: row.id, lane: lane.name, channel: row.channel, attempt, error: result.error },
        `${lane.name} not sent`,
      );
    }
    return result.kind === "ok";
  };

  const byChannel = new Map<OutboxChannel, AlertOutboxRow[]>();
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

/**
 * The operator's alerts (ALERT_CHANNELS): each row's facts worded by
 * `formatAlert` and sent by its channel's sender, while the channel is
 * switched on and complete.
 */
export function operatorAlertLane(services: Services, senders: typeof alertSenders = alertSenders): OutboxLane {
  return {
    name: "alert",
    channels: ALERT_CHANNELS,
    async senders() {
      const { db } = services;
      const [stored, site] = await Promise.all([alertSettings(db), services.settings.get()]);
      const made = await senders(db, stored, services.config, site);
      const bySend: Partial<Record<OutboxChannel, RowSender>> = {};
      for (const channel of ALERT_CHANNELS) {
        const sender = made[channel];
        if (!stored.settings[channel].enabled || !sender) continue;
        bySend[channel] = (row) => {
          const facts = JSON.parse(row.facts) as AlertFacts;
          return sender.send(formatAlert(facts, { brand: site.brandName, publicBaseUrl: site.publicBaseUrl }));
        };
      }
      return bySend;
    },
  };
}

/** Sends the operator's alerts that are due (drainOutbox over operatorAlertLane). Returns how many were sent. */
export async function sendDueAlerts(
  services: Services,
  policy: RetryPolicy,
  { clock = Date.now, senders = alertSenders }: { clock?: () => number; senders?: typeof alertSenders } = {},
): Promise<number> {
  return drainOutbox(services, policy, operatorAlertLane(services, senders), { clock });
}
