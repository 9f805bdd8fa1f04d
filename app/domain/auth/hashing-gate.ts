/** Thrown when every slot is taken and the waiting line is full. */
export class GateFullError extends Error {
  constructor() {
    super("gate full");
    this.name = "GateFullError";
  }
}

export interface Gate {
  /** Runs the task once a slot is free, first come first served; rejects at once with GateFullError when the line is full. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** True when a task handed in now would be refused. */
  full(): boolean;
  /** Tasks running and waiting, for tests and diagnostics. */
  load(): { running: number; waiting: number };
}

/** A counting semaphore with a bounded FIFO waiting line. */
export function createGate(slots: number, maxWaiting: number): Gate {
  let running = 0;
  const waiting: Array<() => void> = [];

  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };

  return {
    async run(task) {
      if (running >= slots) {
        if (waiting.length >= maxWaiting) throw new GateFullError();
        // The slot is handed over by release(), so `running` stays counted for the waiter.
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        running++;
      }
      try {
        return await task();
      } finally {
        release();
      }
    },
    full: () => running >= slots && waiting.length >= maxWaiting,
    load: () => ({ running, waiting: waiting.length }),
  };
}
