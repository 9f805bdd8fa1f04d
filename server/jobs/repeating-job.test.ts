import { afterEach, describe, expect, it, vi } from "vitest";
import { startRepeatingJob } from "./repeating-job";

function services(config: { JOBS_ENABLED?: boolean } = {}) {
  const errors: string[] = [];
  return {
    errors,
    config: { SHUTDOWN_TIMEOUT_MS: 1_000, ...config } as never,
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

  it("runs a tick asked for now after the one in progress, never beside it, and resolves when it is done", async () => {
    vi.useFakeTimers();
    const s = services();
    const log: string[] = [];
    let n = 0;
    const job = startRepeatingJob(s, "test job", 100, async () => {
      const run = ++n;
      log.push(`start ${run}`);
      await new Promise((done) => setTimeout(done, 50));
      log.push(`end ${run}`);
    });
    await vi.advanceTimersByTimeAsync(130); // the scheduled tick is under way
    expect(log).toEqual(["start 1"]);
    let asked = false;
    const now = job.runNow!().then(() => (asked = true));
    await vi.advanceTimersByTimeAsync(40);
    expect(log).toEqual(["start 1", "end 1", "start 2"]);
    expect(asked).toBe(false);
    await vi.advanceTimersByTimeAsync(50);
    await now;
    expect(log.slice(0, 4)).toEqual(["start 1", "end 1", "start 2", "end 2"]);
    await job.stop();
  });

  it("with JOBS_ENABLED=false runs only when asked", async () => {
    vi.useFakeTimers();
    let runs = 0;
    const job = startRepeatingJob(services({ JOBS_ENABLED: false }), "test job", 100, () => {
      runs++;
      return Promise.resolve();
    });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(0);
    await job.runNow!();
    await job.runNow!();
    expect(runs).toBe(2);
    await job.stop();
    await job.runNow!();
    expect(runs).toBe(2);
  });
});
