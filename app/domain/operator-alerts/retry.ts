import type { OutboxStatus } from "./table";

/**
 * When a failed alert is tried again, and when the outbox gives up. Pure, so
 * the schedule is tested without a clock.
 */

export interface RetryPolicy {
  /** Wait after the first failure; doubled after each further one. */
  baseMs: number;
  maxDelayMs: number;
  maxAttempts: number;
  /** A row `sending` for longer than this belongs to a worker that stopped; another takes it over. */
  claimTimeoutMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  baseMs: 30_000,
  maxDelayMs: 60 * 60_000,
  maxAttempts: 8,
  // Far longer than any send may take (each channel gives up after 20 s), so a slow sender is never doubled.
  claimTimeoutMs: 5 * 60_000,
};

/**
 * What a channel answered: sent (with the provider's id for the message, when it gives one), try again
 * after a backoff, give up, or not now (quiet hours, the buyer's rate limit): due again at `until`
 * without using an attempt.
 */
export type SendResult = ChannelResult | { kind: "later"; until: number; reason: string };

/** What a channel that was asked to send answered (never "later": putting off is the outbox's choice). */
export type ChannelResult =
  { kind: "ok"; providerId?: string } | { kind: "retry"; error: string } | { kind: "permanent"; error: string };

/** The delay before attempt `attempts + 1`, after `attempts` failures: base, 2×base, 4×base… capped. */
export function backoffMs(attempts: number, policy: RetryPolicy): number {
  const doublings = Math.min(Math.max(attempts - 1, 0), 30);
  return Math.min(policy.maxDelayMs, policy.baseMs * 2 ** doublings);
}

export interface AfterSend {
  status: OutboxStatus;
  next_attempt_at: number;
  last_error: string | null;
  sent_at: number | null;
  /** Set when the claim's attempt is given back (a send put off, not tried). */
  attempts?: number;
  provider_id?: string | null;
}

/** The row after a send that was its `attempts`-th. */
export function afterSend(result: SendResult, attempts: number, now: number, policy: RetryPolicy): AfterSend {
  if (result.kind === "ok") {
    const sent: AfterSend = { status: "sent", next_attempt_at: now, last_error: null, sent_at: now };
    return result.providerId ? { ...sent, provider_id: result.providerId } : sent;
  }
  if (result.kind === "later") {
    // Not tried: the attempt the claim counted is given back, and the row waits, unclaimed, for `until`.
    return {
      status: "pending",
      next_attempt_at: Math.max(result.until, now),
      last_error: result.reason.slice(0, 500),
      sent_at: null,
      attempts: Math.max(attempts - 1, 0),
    };
  }
  const error = result.error.slice(0, 500);
  if (result.kind === "permanent" || attempts >= policy.maxAttempts) {
    return { status: "failed", next_attempt_at: now, last_error: error, sent_at: null };
  }
  return { status: "pending", next_attempt_at: now + backoffMs(attempts, policy), last_error: error, sent_at: null };
}
