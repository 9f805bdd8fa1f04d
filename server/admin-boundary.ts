import type { NextFunction, Request, Response } from "express";
import { CLIENT_IP_HEADER, isCrossSiteWrite } from "~/domain/auth/origin";

const ADMIN_PATH = /^\/(api\/)?admin(\/|$)/;

/**
 * In front of every /admin and /api/admin request:
 * - refuses state-changing requests sent from another site (403), before any
 *   route code runs, so no admin form or endpoint can forget it;
 * and, for every request, passes the trusted client address on in
 * CLIENT_IP_HEADER (overwriting anything a client sent), e.g. for the
 * per-address sign-in limit.
 */
export function adminBoundary() {
  return (req: Request, res: Response, next: NextFunction) => {
    // Every request, so no route can be handed an address a client made up.
    req.headers[CLIENT_IP_HEADER] = req.ip ?? "";
    if (!ADMIN_PATH.test(req.path)) return next();
    const ownOrigin = `${req.protocol}://${req.host}`;
    if (isCrossSiteWrite(req.method, { get: (name) => req.get(name) }, ownOrigin)) {
      if (req.path.startsWith("/api/")) {
        res.status(403).json({ success: false, message: "Cross-site request refused" });
      } else {
        res.status(403).type("text/plain").send("Cross-site request refused");
      }
      return;
    }
    next();
  };
}
