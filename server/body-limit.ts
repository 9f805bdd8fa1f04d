import type { IncomingHttpHeaders } from "node:http";
import type { NextFunction, Request, Response } from "express";

/**
 * The largest request body any route takes: the admin's biggest form (the
 * settings cards) is a few KB, the JSON API caps itself at 16 KB. Without this
 * guard a page action (`request.formData()`, `request.json()`) would read a body
 * of any size into memory.
 */
export const MAX_BODY_BYTES = 64 * 1024;

const TOO_LARGE = "Request body is too large";
const NEEDS_LENGTH = "Send the request body with a Content-Length";

/** A body the server refuses before any route reads it: its status and message. */
export interface BodyRefusal {
  status: 411 | 413;
  message: string;
}

/**
 * Refuses, before any route reads it, a body declared larger than the limit
 * (413) or sent without a declared length (411: chunked uploads; browsers and
 * reverse proxies always declare it), so the limit cannot be dodged by streaming.
 * Also asked by the hot routes (server/hot-routes.ts), which answer ahead of Express.
 */
export function bodyRefusal(
  method: string | undefined,
  headers: IncomingHttpHeaders,
  maxBytes: number,
): BodyRefusal | null {
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return null;
  const declared = headers["content-length"];
  if (declared === undefined && headers["transfer-encoding"] !== undefined)
    return { status: 411, message: NEEDS_LENGTH };
  if (declared !== undefined && !(Number(declared) <= maxBytes)) return { status: 413, message: TOO_LARGE };
  return null;
}

/** `bodyRefusal` as Express middleware, for every route behind Express. */
export function bodySizeLimit(maxBytes = MAX_BODY_BYTES) {
  return (req: Request, res: Response, next: NextFunction) => {
    const refused = bodyRefusal(req.method, req.headers, maxBytes);
    if (!refused) return next();
    refuse(req, res, refused.status, refused.message);
  };
}

/**
 * Refuses a NUL character (%00) anywhere in the address with 400: no page or
 * id contains one, and PostgreSQL cannot even compare text holding it.
 */
export function noNulInUrl() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!/%00/.test(req.originalUrl)) return next();
    refuse(req, res, 400, "Bad request");
  };
}

function refuse(req: Request, res: Response, status: number, message: string) {
  // No "Connection: close": Node drains (and discards) the unread body, so the client, still
  // uploading, reads this answer instead of a broken pipe.
  if (req.path.startsWith("/api/")) res.status(status).json({ success: false, message });
  else res.status(status).type("text/plain").send(message);
}
