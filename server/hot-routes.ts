import type { IncomingMessage, ServerResponse } from "node:http";
import type { AppServices } from "~/context";
import type { ProxyTrust } from "./proxy-trust";
import { createOrderRoute } from "./hot-routes/create-order";
import { orderStatusRoute } from "./hot-routes/order-status";

type HotRoute = (req: IncomingMessage, res: ServerResponse, query: string) => boolean;

/**
 * The checkout's two busiest endpoints, served straight from Node's http
 * server, ahead of Express and React Router, whose per-request work would
 * otherwise cost more than the work itself (docs/performance.md, "Buying";
 * docs/decisions/0022-hot-create-order.md). Each is one small file in
 * hot-routes/ holding the HTTP, beside its reply (hot-routes/*-reply.ts), which asks the domain.
 * Returns false for every request they do not answer.
 */
export function createHotRoutes(
  services: Pick<AppServices, "db" | "settings" | "config" | "logger">,
  trust: ProxyTrust,
) {
  const routes = new Map<string, HotRoute>([
    ["/api/order-status", orderStatusRoute(services, trust)],
    ["/api/create-order", createOrderRoute(services, trust)],
  ]);
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = req.url ?? "";
    if (!url.startsWith("/api/")) return false;
    const queryAt = url.indexOf("?");
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    const route = routes.get(path.endsWith("/") ? path.slice(0, -1) : path);
    return route ? route(req, res, queryAt === -1 ? "" : url.slice(queryAt + 1)) : false;
  };
}
