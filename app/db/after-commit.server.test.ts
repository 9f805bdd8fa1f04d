import { describe, expect, it, vi } from "vitest";
import {
  afterCommit,
  afterCommitSettled,
  inUnitOfWork,
  reportHookErrorsTo,
  withAfterCommit,
} from "./after-commit.server";

/** A transaction as the database runs it: the body, then a commit that may fail. */
function fakeTransaction(log: string[], { commitFails = false } = {}) {
  return async <T>(body: (trx: string) => Promise<T>): Promise<T> => {
    log.push("begin");
    const result = await body("trx");
    if (commitFails) throw new Error("COMMIT failed");
    log.push("commit");
    return result;
  };
}

describe("work after a commit", () => {
  it("runs a hook only once the transaction committed, in the order they were added", async () => {
    const log: string[] = [];
    const result = await withAfterCommit(fakeTransaction(log), () => {
      expect(inUnitOfWork()).toBe(true);
      afterCommit(() => void log.push("first hook"));
      afterCommit(() => void log.push("second hook"));
      log.push("body done");
      return Promise.resolve(42);
    });
    expect(result).toBe(42);
    expect(log).toEqual(["begin", "body done", "commit", "first hook", "second hook"]);
    expect(inUnitOfWork()).toBe(false);
  });

  it("never runs the hooks of a transaction that threw or whose commit failed", async () => {
    const hook = vi.fn();
    await expect(
      withAfterCommit(fakeTransaction([]), () => {
        afterCommit(hook);
        return Promise.reject(new Error("refused"));
      }),
    ).rejects.toThrow("refused");
    await expect(
      withAfterCommit(fakeTransaction([], { commitFails: true }), () => {
        afterCommit(hook);
        return Promise.resolve(1);
      }),
    ).rejects.toThrow("COMMIT failed");
    expect(hook).not.toHaveBeenCalled();
  });

  it("keeps each body's hooks apart when one transaction runs several (a group commit)", async () => {
    const ran: string[] = [];
    // One shared transaction runs the queued bodies one after another, as app/db/group-commit.server.ts does.
    const queued: ((trx: string) => Promise<unknown>)[] = [];
    let flush: () => void = () => {};
    const flushed = new Promise<void>((resolve) => (flush = resolve));
    const groupRun = <T>(body: (trx: string) => Promise<T>) =>
      new Promise<T>((resolve, reject) => {
        queued.push((trx) => body(trx).then(resolve, reject));
        if (queued.length === 2) flush();
      });
    const a = withAfterCommit(groupRun, () => {
      afterCommit(() => void ran.push("a"));
      return Promise.resolve();
    });
    const b = withAfterCommit(groupRun, () => {
      afterCommit(() => void ran.push("b"));
      return Promise.reject(new Error("b rolled back to its savepoint"));
    });
    await flushed;
    for (const body of queued) await body("shared trx").catch(() => {});
    await a;
    await expect(b).rejects.toThrow("savepoint");
    expect(ran).toEqual(["a"]);
  });

  it("reports a failing hook and still runs the others; the caller is answered without waiting for them", async () => {
    const errors: unknown[] = [];
    reportHookErrorsTo((error) => errors.push(error));
    const ran: string[] = [];
    let release: () => void = () => {};
    const slow = new Promise<void>((resolve) => (release = resolve));
    await withAfterCommit(fakeTransaction([]), () => {
      afterCommit(() => {
        throw new Error("hook failed");
      });
      afterCommit(async () => {
        await slow;
        ran.push("slow");
      });
      afterCommit(() => void ran.push("after"));
      return Promise.resolve();
    });
    expect(ran).toEqual(["after"]);
    release();
    await afterCommitSettled();
    expect(ran).toEqual(["after", "slow"]);
    expect(errors).toEqual([new Error("hook failed")]);
  });

  it("refuses a hook outside a transaction, and one added after its transaction ended", async () => {
    expect(() => afterCommit(() => {})).toThrow(/outside a transaction/);
    let stray: Promise<unknown> = Promise.resolve();
    await withAfterCommit(fakeTransaction([]), () => {
      // A promise the body started and did not wait for: it runs on after the transaction ended.
      stray = new Promise((resolve) => setImmediate(() => resolve(catching(() => afterCommit(() => {})))));
      return Promise.resolve();
    });
    expect(String(await stray)).toMatch(/outside a transaction/);
  });
});

function catching(run: () => void): unknown {
  try {
    run();
    return null;
  } catch (error) {
    return error;
  }
}
