import type { IncomingMessage, ServerResponse } from "node:http";
import type { AppServices } from "~/context";
import { orderStatusReply } from "~/lib/order-status-reply.server";

/**
 * The checkout polls GET /api/order-status every 5 s for every open payment,
 * which makes it the shop's hottest endpoint by far. It is a plain JSON answer
 * from one indexed lookup, so it is served straight from Node's http server,
 * ahead of Express and React Router, whose per-request work would otherwise
 * cost ten times the lookup itself. Returns false for every other request.
 */
export function createHotRoutes(services: Pick<AppServices, "db" | "logger">) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = req.url ?? "";
    if (req.method !== "GET" || !url.startsWith("/api/order-status")) return false;
    const query = url.indexOf("?");
    const path = query === -1 ? url : url.slice(0, query);
    if (path !== "/api/order-status" && path !== "/api/order-status/") return false;

    const orderId = new URLSearchParams(query === -1 ? "" : url.slice(query + 1)).get("orderId");
    orderStatusReply(services.db, orderId).then(
      (reply) => send(res, reply.status, reply.body),
      (error) => {
        services.logger.error({ err: error }, "order status failed");
        send(res, 500, { success: false, message: "An error occurred. Please try again." });
      },
    );
    return true;
  };
}

function send(res: ServerResponse, status: number, body: unknown) {
  const json = JSON.stringify(body);
  res.writeHead(status, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(json),
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
  });
  res.end(json);
}
