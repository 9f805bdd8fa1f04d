import type { Logger } from "~/lib/server/logger.server";

/**
 * Behind a reverse proxy (TRUST_PROXY ≥ 1) every per-client rule rests on the
 * client address the proxy writes in X-Forwarded-For: the sign-in lock-out,
 * the order and /track limits, the per-client amount cap. A proxy that sends
 * only X-Forwarded-Proto makes every buyer the proxy itself (127.0.0.1):
 * one stranger's five wrong passwords lock the operator out and all buyers
 * share one order limit (security round 4, finding 2). The server notes each
 * such request here (server/proxy-address-watch.ts); the log says so loudly,
 * and the Health page (app/domain/health/proxy-address.server.ts) and the
 * admin banner (app/domain/settings/unsafe-defaults.ts) name it until an hour has passed
 * without one. Per process, like the rest of what a request teaches.
 */

export interface MissingClientAddress {
  /** Requests without X-Forwarded-For since the first one (this process). */
  count: number;
  firstAt: number;
  lastAt: number;
  /** The last one's path and the address it came from (the proxy's). */
  lastPath: string;
  from: string;
}

/** How long the warning stays after the last such request. */
const SHOWN_FOR_MS = 60 * 60_000;
/** The log repeats the warning, with the count, at most this often. */
const LOG_EVERY_MS = 10 * 60_000;

let seen: MissingClientAddress | null = null;
let loggedAt = -Infinity;
let sinceLog = 0;

/** What the shop's operator must change, in the log, on Health and in the banner. */
export const MISSING_CLIENT_ADDRESS_FIX =
  "Make the proxy send the client's address: nginx `proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;`, " +
  "Caddy's reverse_proxy sends it by itself (docs/deploy.md). Until then every visitor counts as the proxy: " +
  "one stranger's wrong passwords lock the admin out and all buyers share one order limit.";

export function noteMissingClientAddress(
  logger: Pick<Logger, "error">,
  request: { path: string; from: string },
  now = Date.now(),
): void {
  const path = request.path.slice(0, 200);
  seen =
    seen && now - seen.lastAt <= SHOWN_FOR_MS
      ? { ...seen, count: seen.count + 1, lastAt: now, lastPath: path, from: request.from }
      : { count: 1, firstAt: now, lastAt: now, lastPath: path, from: request.from };
  sinceLog++;
  if (now - loggedAt >= LOG_EVERY_MS) {
    logger.error(
      { since: seen.firstAt, requests: sinceLog, path, from: request.from },
      `TRUST_PROXY is set, but requests arrive without X-Forwarded-For: the shop cannot tell its visitors apart. ${MISSING_CLIENT_ADDRESS_FIX}`,
    );
    loggedAt = now;
    sinceLog = 0;
  }
}

/** The requests without a client address in the last hour; null when there were none. */
export function missingClientAddress(now = Date.now()): MissingClientAddress | null {
  return seen && now - seen.lastAt <= SHOWN_FOR_MS ? seen : null;
}
