import { describe, expect, it } from "vitest";
import { type RetryPolicy, afterSend, backoffMs } from "./retry";

const policy: RetryPolicy = { baseMs: 1_000, maxDelayMs: 10_000, maxAttempts: 4, claimTimeoutMs: 60_000 };

describe("alert retries", () => {
  it("waits base, 2×, 4×… after each failure, capped", () => {
    expect([1, 2, 3, 4, 5, 40].map((n) => backoffMs(n, policy))).toEqual([1_000, 2_000, 4_000, 8_000, 10_000, 10_000]);
  });

  it("marks a delivered alert sent", () => {
    expect(afterSend({ kind: "ok" }, 1, 500, policy)).toEqual({
      status: "sent",
      next_attempt_at: 500,
      last_error: null,
      sent_at: 500,
    });
  });

  it("tries a retryable failure again after the backoff, keeping the error", () => {
    expect(afterSend({ kind: "retry", error: "SMTP down" }, 2, 10_000, policy)).toEqual({
      status: "pending",
      next_attempt_at: 12_000,
      last_error: "SMTP down",
      sent_at: null,
    });
  });

  it("gives up after the last attempt, or at once on a permanent failure", () => {
    expect(afterSend({ kind: "retry", error: "down" }, 4, 0, policy)).toMatchObject({
      status: "failed",
      last_error: "down",
    });
    expect(afterSend({ kind: "permanent", error: "bad token" }, 1, 0, policy)).toMatchObject({
      status: "failed",
      last_error: "bad token",
    });
  });
});

describe("sends put off and providers' ids", () => {
  it("keeps the provider's id of a sent message", () => {
    expect(afterSend({ kind: "ok", providerId: "wamid.A1" }, 1, 500, policy)).toMatchObject({
      status: "sent",
      provider_id: "wamid.A1",
    });
  });

  it("puts a send off until the time given, giving the claim's attempt back", () => {
    expect(afterSend({ kind: "later", until: 9_000, reason: "quiet hours" }, 3, 1_000, policy)).toEqual({
      status: "pending",
      next_attempt_at: 9_000,
      last_error: "quiet hours",
      sent_at: null,
      attempts: 2,
    });
  });
});
