import { timingSafeEqual } from "node:crypto";
import { isIP } from "node:net";
import type { Request, Response } from "express";
import type { AppServices } from "~/context";
import { shopHealth } from "~/domain/health/health.server";
import { pingDatabase } from "~/db/database.server";
import type { Logger } from "~/lib/server/logger.server";
import { releaseName } from "./crash-note";

/**
 * Headers a proxy adds: a request carrying any of them came from outside, whatever the socket says. A proxy
 * that sends only X-Forwarded-Proto once made every visitor look local (security round 4, finding 2).
 */
const FORWARDED = [
  "forwarded",
  "x-forwarded-for",
  "x-forwarded-proto",
  "x-forwarded-host",
  "x-forwarded-port",
  "x-forwarded-server",
  "x-forwarded-ssl",
  "x-real-ip",
  "x-client-ip",
  "via",
];

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.replace(/^::ffff:/, "");
  return plain === "::1" || (isIP(plain) === 4 && plain.startsWith("127."));
}

function tokenMatches(header: string | undefined, token: string | undefined): boolean {
  if (!token || !header?.startsWith("Bearer ")) return false;
  const given = Buffer.from(header.slice(7));
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * GET /readyz: the Health page's facts as JSON for an uptime monitor (and
 * the release folder and the Node.js version the shop runs on, ADRs 0033 and 0034), 200
 * while no check is red and 503 when one is. Answered only on this machine
 * (a loopback client, with no header any proxy adds, and no TRUST_PROXY: behind
 * a proxy, every visitor arrives from loopback) or to `Authorization: Bearer
 * <READINESS_TOKEN>`; /healthz stays the cheap liveness probe. A refusal
 * still names the release answering, which `npm run upgrade` waits for.
 *
 * `/readyz?instance` asks about this process alone (its database answers), for
 * a proxy's health check in front of several instances (deploy/Caddyfile.instances):
 * a shop-wide red (a panel down, an old backup) must not take every instance out. A stopping instance
 * answers it 503 for SHUTDOWN_DRAIN_MS first (startDraining), so the proxy moves its buyers away first.
 */
let draining = false;

/** The instance is stopping: its health check says so (503) while it still answers everything else. */
export function startDraining(): void {
  draining = true;
}

export function readinessHandler(services: AppServices, logger: Logger) {
  return async (req: Request, res: Response) => {
    res.setHeader("Cache-Control", "no-store");
    const local =
      services.config.TRUST_PROXY === 0 &&
      isLoopback(req.socket.remoteAddress) &&
      !FORWARDED.some((h) => h in req.headers);
    if (!local && !tokenMatches(req.get("authorization"), services.config.READINESS_TOKEN)) {
      res.setHeader("WWW-Authenticate", 'Bearer realm="readiness"');
      res.status(401).json({ status: "unauthorized", release: releaseName() });
      return;
    }
    if ("instance" in req.query) {
      if (draining) {
        res.status(503).json({ status: "draining", release: releaseName() });
        return;
      }
      try {
        await pingDatabase(services.db);
        res.json({ status: "ok", release: releaseName(), node: process.version });
      } catch (error) {
        logger.error({ err: error }, "instance readiness check failed");
        res.status(503).json({ status: "unavailable", release: releaseName() });
      }
      return;
    }
    try {
      const report = await shopHealth(services);
      // The release folder it runs from (npm run upgrade waits for the new one's answer) and its Node.js.
      res.status(report.ok ? 200 : 503).json({
        status: report.ok ? "ok" : "failing",
        release: releaseName(),
        node: process.version,
        ...report,
      });
    } catch (error) {
      logger.error({ err: error }, "readiness check failed");
      res.status(503).json({ status: "unavailable" });
    }
  };
}
