/**
 * When the status sync next asks the panel about an order. Each order carries
 * its own next-due time, spread by jitter so a burst of orders placed together
 * does not stay together.
 */

const MINUTE = 60_000;

/** Spread by ±20% so orders drift apart. */
export function withJitter(ms: number, random = Math.random): number {
  return Math.round(ms * (0.8 + 0.4 * random()));
}

/** A new order is first asked about after about two sync intervals (PANEL_SYNC_INTERVAL_MS). */
export function firstSyncDelay(syncIntervalMs: number, random = Math.random): number {
  return withJitter(2 * syncIntervalMs, random);
}

/** Pending orders change slowly; running ones are worth a closer look (2 and 1 minutes by default). */
export function nextSyncDelay(panelStatus: string | null, syncIntervalMs: number, random = Math.random): number {
  return withJitter((panelStatus === "pending" ? 8 : 4) * syncIntervalMs, random);
}

/** After `failures` unanswered checks in a row: 1, 2, 4 … minutes, at most 30. */
export function backoff(failures: number, random = Math.random): number {
  return withJitter(Math.min(30 * MINUTE, MINUTE * 2 ** Math.max(0, failures - 1)), random);
}

/**
 * The longest wait between two sends of an order that waits for the panel:
 * 90 s (±20%), so a paid order goes within two minutes of its panel answering
 * again (issue 52; it was 30 minutes, and an order waited 16.5 minutes after a
 * panel came back). A panel that stays down is still asked once per wait, not
 * once per order (placement-jobs.server.ts).
 */
export const MAX_PLACEMENT_RETRY_MS = 90_000;

/**
 * When an order the panel could not take is sent again, after its `attempt`-th
 * send: base (PANEL_RETRY_BASE_MS, 30 s), doubled per attempt, at most 90
 * seconds, ±20%; never sooner than the panel's Retry-After (itself capped at an hour).
 * It never gives up: the operator decides when to stop and refund.
 */
export function placementRetryDelay(
  attempt: number,
  baseMs: number,
  retryAfterMs?: number,
  random = Math.random,
): number {
  const backoff = withJitter(Math.min(MAX_PLACEMENT_RETRY_MS, baseMs * 2 ** Math.max(0, attempt - 1)), random);
  return Math.max(backoff, Math.min(retryAfterMs ?? 0, 60 * MINUTE));
}
