import { afterEach, describe, expect, it, vi } from "vitest";
import { startRepeatingJob } from "./repeating-job";

function services() {
  const errors: string[] = [];
  return {
    errors,
    config: { SHUTDOWN_TIMEOUT_MS: 1_000 } as never,
    logger: { error: (_: unknown, message: string) => void errors.push(message) } as never,
  };
}

describe("a repeating job", () => {
  afterEach(() => vi.useRealTimers());

  it("runs one tick at a time, goes on after a failure, and stops scheduling when stopped", async () => {
    vi.useFakeTimers();
    const s = services();
    let runs = 0;
    let inFlight = 0;
    let overlap = false;
    const job = startRepeatingJob(s, "test job", 100, async () => {
      runs++;
      inFlight++;
      if (inFlight > 1) overlap = true;
      await new Promise((done) => setTimeout(done, 250));
      inFlight--;
      if (runs === 2) throw new Error("boom");
    });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(runs).toBeGreaterThanOrEqual(4);
    expect(overlap).toBe(false);
    expect(s.errors).toEqual(["test job failed"]);
    const stopping = job.stop();
    await vi.advanceTimersByTimeAsync(300);
    await stopping;
    const after = runs;
    await vi.advanceTimersByTimeAsync(2_000);
    expect(runs).toBe(after);
  });
});
