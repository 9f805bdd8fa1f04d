import type { DB } from "~/db/database.server";
import { channelsFor } from "./alert-settings";
import { alertSettings } from "./alert-settings.server";
import type { AlertEvent, AlertFacts } from "./events";
import { insertOutboxRows } from "./outbox.server";

/**
 * Queues one alert for every channel that wants it, inside the caller's
 * transaction: what the operator is told about was committed together with
 * the change, and nothing is queued for a change rolled back. Insert only;
 * sending is the alert job's (server/jobs/alerts.ts), so a channel that is
 * down never slows or fails an order. The same event key again queues
 * nothing. Returns how many rows were queued.
 */
export async function queueAlert(
  db: DB,
  alert: { event: AlertEvent; eventKey: string; facts: AlertFacts },
  now = Date.now(),
): Promise<number> {
  const { settings, secrets } = await alertSettings(db);
  const channels = channelsFor(alert.event, settings, secrets);
  if (channels.length === 0) return 0;
  const facts = JSON.stringify(alert.facts);
  return insertOutboxRows(
    db,
    channels.map((channel) => ({
      eventKey: alert.eventKey,
      channel,
      event: alert.event,
      orderId: alert.facts.orderId,
      facts,
    })),
    now,
  );
}
