import type { IncomingMessage, ServerResponse } from "node:http";
import type { AppServices } from "~/context";
import { CREATE_ORDER_MAX_BYTES } from "~/domain/orders/custom-comments";
import { createOrderReply } from "./create-order-reply";
import { bodyRefusal } from "../body-limit";
import type { ProxyTrust } from "../proxy-trust";
import { SERVER_FAILED, jsonBodyOf, sendJson } from "./json-answer";

const USE_POST = "Use POST to create an order";

/**
 * POST /api/create-order: the checkout's "Continue to payment", thousands a
 * minute when a large account links the shop (issue 37). Every method is
 * answered here: the body gate first, as Express would (411, 413 over
 * CREATE_ORDER_MAX_BYTES, for any method that may carry a body), then 405 for
 * anything but POST, then the reply: rate limit, JSON checks, the order.
 *
 * No origin check: none applies to this endpoint behind Express either (React
 * Router checks the origin of page actions, not of resource routes). A page of
 * another site cannot send it in a browser: only `application/json` is read
 * (415 otherwise), which a cross-site page can send only after a CORS
 * preflight that the shop never grants.
 */
export function createOrderRoute(
  services: Pick<AppServices, "db" | "settings" | "config" | "logger">,
  trust: ProxyTrust,
) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    // A NUL in the address is refused by Express as for every address (server/body-limit.ts, noNulInUrl).
    if (req.url?.includes("%00")) return false;
    const secure = { secure: trust.isSecure(req) };
    const refused = bodyRefusal(req.method, req.headers, CREATE_ORDER_MAX_BYTES);
    if (refused) {
      sendJson(res, { status: refused.status, body: { success: false, message: refused.message } }, secure);
    } else if (req.method !== "POST") {
      sendJson(res, { status: 405, body: { success: false, message: USE_POST } }, secure);
    } else {
      createOrderReply(services, trust.clientIp(req), jsonBodyOf(req)).then(
        (reply) => sendJson(res, reply, secure),
        (error: unknown) => {
          services.logger.error({ err: error }, "order creation failed");
          sendJson(res, SERVER_FAILED, secure);
        },
      );
    }
    return true;
  };
}
