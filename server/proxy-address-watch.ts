import type { IncomingMessage } from "node:http";
import { noteMissingClientAddress } from "~/lib/server/proxy-address.server";
import type { Logger } from "~/lib/server/logger.server";

/** A monitor on this machine may probe these directly, without going through the proxy. */
const PROBES = new Set(["/healthz", "/readyz"]);

/**
 * Behind trusted proxies (TRUST_PROXY ≥ 1), notes every request that arrives
 * without X-Forwarded-For, whose client the server can then only take to be
 * the proxy (app/lib/server/proxy-address.server.ts: the loud log, Health,
 * the admin banner). Null without trusted proxies: nothing to watch. A header
 * lookup per request; it never answers.
 */
export function proxyAddressWatch(trustProxy: number, logger: Pick<Logger, "error">) {
  if (trustProxy < 1) return null;
  return (req: IncomingMessage): void => {
    if (req.headers["x-forwarded-for"]) return;
    const url = req.url ?? "/";
    const query = url.indexOf("?");
    const path = query === -1 ? url : url.slice(0, query);
    if (PROBES.has(path)) return;
    noteMissingClientAddress(logger, { path, from: req.socket.remoteAddress ?? "" });
  };
}
