import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "~/lib/server/logger.server";

/** How often the request summary is written at `info`. */
export const SUMMARY_INTERVAL_MS = 60_000;

/** Which part of the front door answered (server/front-door.ts). */
export type Door = "https-redirect" | "hot" | "language-redirect" | "page-cache" | "app";

/** A request being answered: the front door says which door took it. */
export interface Watched {
  door: Door;
}

export interface RequestLog {
  /**
   * Counts the request once its answer is over (sent whole, or cut by either
   * side: then `complete` is false); one `debug` line for it, with the same
   * fields whichever door answered.
   */
  watch(req: IncomingMessage, res: ServerResponse): Watched;
  /** Writes the summary of what was counted since the last one (nothing when nothing came). */
  flush(): void;
  stop(): void;
}

type StatusClass = "2xx" | "3xx" | "4xx" | "5xx";

const pathOf = (req: IncomingMessage) => (req.url ?? "").split("?")[0]!;

/**
 * The server's requests in the log: one line each at `debug` (LOG_LEVEL=debug
 * to see them), every answer alike (a cached page, the status poll, a page
 * React Router rendered), and at `info` one summary a minute: how many, by status
 * class, and the slowest. A terminal at the default level stays quiet enough
 * to read what matters (the first start's setup link, warnings, errors);
 * failures are logged where they happen, with their cause.
 */
export function createRequestLog(logger: Logger, intervalMs = SUMMARY_INTERVAL_MS): RequestLog {
  let count = 0;
  let byStatus: Record<StatusClass, number> = { "2xx": 0, "3xx": 0, "4xx": 0, "5xx": 0 };
  let slowest: { ms: number; method: string; path: string } | null = null;

  const flush = () => {
    if (count === 0) return;
    logger.info(
      { requests: count, byStatus, slowest, seconds: Math.round(intervalMs / 1000) },
      `${count} ${count === 1 ? "request" : "requests"} answered`,
    );
    count = 0;
    byStatus = { "2xx": 0, "3xx": 0, "4xx": 0, "5xx": 0 };
    slowest = null;
  };
  const debug = () => logger.isLevelEnabled("debug");
  const timer = setInterval(flush, intervalMs);
  timer.unref();

  return {
    watch(req, res) {
      const started = process.hrtime.bigint();
      const watched: Watched = { door: "app" };
      res.once("close", () => {
        const ms = Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10;
        // The line is built only when it is written: the status poll answers tens of thousands a second.
        if (debug()) {
          const line = {
            method: req.method ?? "",
            path: pathOf(req),
            status: res.statusCode,
            ms,
            door: watched.door,
            complete: res.writableFinished,
          };
          logger.debug(line, "request");
        }
        count += 1;
        const status = `${Math.min(5, Math.max(2, Math.floor(res.statusCode / 100)))}xx` as StatusClass;
        byStatus[status] += 1;
        if (!slowest || ms > slowest.ms) slowest = { ms, method: req.method ?? "", path: pathOf(req) };
      });
      return watched;
    },
    flush,
    stop() {
      clearInterval(timer);
      flush();
    },
  };
}
