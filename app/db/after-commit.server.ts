import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Work that must wait until a transaction is stored (ADR 0018): a paid order
 * handed to the SMM panel, say, must never go out for a payment that was then
 * rolled back. Code inside a transaction opened by `transaction` or
 * `writeTransaction` (database.server.ts) calls `afterCommit(hook)`; the hook
 * runs once that transaction committed, and never when it rolled back (the
 * transaction threw, or, in a SQLite group commit, its savepoint was rolled
 * back or the shared `COMMIT` failed).
 *
 * `beforeCommit(hook)` is the other end: work that belongs in the
 * transaction, but only once its body has finished.
 *
 * A hook is best effort by design: the process can stop between the commit
 * and the hook, so whatever a hook does must also be done by a job that reads
 * the committed state (a paid order not yet sent is sent by the payment job).
 * Hooks run one after another in the order they were added; one that throws
 * is reported to `onHookError` and the others still run. The caller of the
 * transaction gets its answer without waiting for them.
 */

interface Unit {
  hooks: (() => void | Promise<void>)[];
  /** Run with the transaction once the body finished, before the commit (beforeCommit). */
  last: (() => Promise<void>)[];
  /** Set once the transaction ended: a hook added later (a stray promise) is a bug, not silently lost. */
  closed: boolean;
}

const units = new AsyncLocalStorage<Unit>();

/** True inside a transaction that runs after-commit hooks (the status writer refuses to run elsewhere). */
export function inUnitOfWork(): boolean {
  const unit = units.getStore();
  return unit !== undefined && !unit.closed;
}

/** Runs `hook` after the current transaction commits; throws when there is none to wait for. */
export function afterCommit(hook: () => void | Promise<void>): void {
  const unit = units.getStore();
  if (!unit || unit.closed) {
    throw new Error(
      "afterCommit outside a transaction: open it with transaction() or writeTransaction() from ~/db/database.server",
    );
  }
  unit.hooks.push(hook);
}

/**
 * Runs `hook` at the end of the current transaction, once its body finished
 * and before it commits: what the hook writes commits or rolls back with the
 * body (a cache generation moved by whatever the body wrote, ADR 0021). Hooks
 * run one after another in the order they were added; one that throws rolls
 * the transaction back. A hook may add another.
 */
export function beforeCommit(hook: () => Promise<void>): void {
  const unit = units.getStore();
  if (!unit || unit.closed) {
    throw new Error(
      "beforeCommit outside a transaction: open it with transaction() or writeTransaction() from ~/db/database.server",
    );
  }
  unit.last.push(hook);
}

/**
 * The unit of work (transaction) the caller runs in, as an object to key what
 * it collects for its hooks by; undefined outside one.
 */
export function currentUnitOfWork(): object | undefined {
  const unit = units.getStore();
  return unit && !unit.closed ? unit : undefined;
}

let onHookError: (error: unknown) => void = (error) => console.error("after-commit hook failed", error);

/** Where a failing hook is reported (the server points it at its logger). */
export function reportHookErrorsTo(report: (error: unknown) => void): void {
  onHookError = report;
}

/**
 * Opens a unit of work around `open`, which runs the transaction and calls the
 * body it is given inside it. The body runs in the unit's context (also when a
 * group commit runs it from another caller's turn); the hooks run only once
 * `open` resolved, that is once the transaction committed.
 */
export async function withAfterCommit<Trx, T>(
  open: (body: (trx: Trx) => Promise<T>) => Promise<T>,
  work: (trx: Trx) => Promise<T>,
): Promise<T> {
  const unit: Unit = { hooks: [], last: [], closed: false };
  let result: T;
  try {
    result = await open((trx) => {
      // A group commit may run a body again (ADR 0052): the hooks are those of its last run.
      unit.hooks = [];
      unit.last = [];
      return units.run(unit, async () => {
        const done = await work(trx);
        for (let hook = unit.last.shift(); hook; hook = unit.last.shift()) await hook();
        return done;
      });
    });
  } finally {
    unit.closed = true;
  }
  for (const hook of unit.hooks) {
    try {
      const running = units.exit(hook);
      if (running instanceof Promise) track(running.catch(onHookError));
    } catch (error) {
      onHookError(error);
    }
  }
  return result;
}

const running = new Set<Promise<unknown>>();

function track(work: Promise<unknown>): void {
  running.add(work);
  void work.finally(() => running.delete(work));
}

/** Resolves once every hook started so far has finished (a clean shutdown, a test that checks their effect). */
export async function afterCommitSettled(): Promise<void> {
  while (running.size > 0) await Promise.allSettled([...running]);
}
