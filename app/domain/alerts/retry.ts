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

/** What a channel answered. */
export type SendResult = { kind: "ok" } | { kind: "retry"; error: string } | { kind: "permanent"; error: string };

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
}

/** The row after a send that was its `attempts`-th. */
export function afterSend(result: SendResult, attempts: number, now: number, policy: RetryPolicy): AfterSend {
  if (result.kind === "ok") return { status: "sent", next_attempt_at: now, last_error: null, sent_at: now };
  const error = result.error.slice(0, 500);
  if (result.kind === "permanent" || attempts >= policy.maxAttempts) {
    return { status: "failed", next_attempt_at: now, last_error: error, sent_at: null };
  }
  return { status: "pending", next_attempt_at: now + backoffMs(attempts, policy), last_error: error, sent_at: null };
}
