import { describe, expect, it } from "vitest";
import { GateFullError, createGate } from "./hashing-gate";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe("hashing gate", () => {
  it("runs at most `slots` tasks at once, queues up to the bound, and refuses beyond it", async () => {
    const gate = createGate(2, 3);
    const blockers = Array.from({ length: 5 }, deferred);
    let active = 0;
    let peak = 0;
    const started: number[] = [];
    const runs = blockers.map((b, i) =>
      gate.run(async () => {
        started.push(i);
        active++;
        peak = Math.max(peak, active);
        await b.promise;
        active--;
        return i;
      }),
    );
    await Promise.resolve();
    expect(gate.load()).toEqual({ running: 2, waiting: 3 });
    expect(gate.full()).toBe(true);
    await expect(gate.run(() => Promise.resolve("late"))).rejects.toBeInstanceOf(GateFullError);

    for (const b of blockers) b.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(peak).toBe(2);
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
    expect(gate.full()).toBe(false);
    expect(await gate.run(() => Promise.resolve("again"))).toBe("again");
  });

  it("frees the slot when a task fails", async () => {
    const gate = createGate(1, 0);
    await expect(gate.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
    expect(await gate.run(() => Promise.resolve(1))).toBe(1);
  });
});
