import type { IncomingMessage, ServerResponse } from "node:http";
import type { AppServices } from "~/context";
import { orderStatusReply } from "./order-status-reply";
import type { ProxyTrust } from "../proxy-trust";
import { SERVER_FAILED, sendJson } from "./json-answer";

/**
 * GET /api/order-status?orderId=…: the checkout polls it every 5 s for every
 * open payment, which makes it the shop's most frequent request by far. It is
 * one indexed lookup. Any other method is left to Express (a 404).
 */
export function orderStatusRoute(services: Pick<AppServices, "db" | "logger">, trust: ProxyTrust) {
  return (req: IncomingMessage, res: ServerResponse, query: string): boolean => {
    if (req.method !== "GET") return false;
    const secure = { secure: trust.isSecure(req) };
    orderStatusReply(services.db, new URLSearchParams(query).get("orderId")).then(
      (reply) => sendJson(res, reply, secure),
      (error: unknown) => {
        services.logger.error({ err: error }, "order status failed");
        sendJson(res, SERVER_FAILED, secure);
      },
    );
    return true;
  };
}
