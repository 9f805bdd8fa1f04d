import { basename } from "node:path";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { type AppServices, nonceContext, servicesContext } from "~/context";
import { pingDatabase } from "~/db/database.server";
import type { Logger } from "~/lib/server/logger.server";
import { CLIENT_IP_HEADER } from "~/domain/auth/origin";
import { ADMIN_WORKER_URL } from "~/lib/admin-app";
import { BUYER_WORKER_URL } from "~/lib/buyer-app";
import { bodySizeLimit, noNulInUrl } from "./body-limit";
import { proxyTrust } from "./proxy-trust";
import { readinessHandler } from "./readiness";
import { createRequestHandler } from "./router-adapter";
import { securityHeaders } from "./security";

/** public/admin-sw.js (app/lib/admin-app.ts) and public/buyer-sw.js (app/lib/client/buyer-worker.ts). */
const WORKER_FILES = new Set([ADMIN_WORKER_URL.slice(1), BUYER_WORKER_URL.slice(1)]);

export interface AppOptions {
  services: AppServices;
  logger: Logger;
  trustProxy: number;
  /** Production build, or a loader of it (the Vite dev server in development). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  clientDir: string;
  /** Development: the Vite dev server, which serves the browser's modules ahead of the routes. */
  vite?: ViteDevServer;
}

export function createApp(options: AppOptions) {
  const { services, logger } = options;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", options.trustProxy);
  const trust = proxyTrust(options.trustProxy);

  app.use(securityHeaders({ development: Boolean(options.vite) }));
  app.use(compression());
  if (options.vite) app.use(options.vite.middlewares);

  app.get("/healthz", async (_req, res) => {
    try {
      await pingDatabase(services.db);
      res.json({ status: "ok" });
    } catch (error) {
      logger.error({ err: error }, "health check failed");
      res.status(503).json({ status: "unavailable" });
    }
  });
  app.get("/readyz", readinessHandler(services, logger));

  // Vite fingerprints everything under assets/, so it may be cached for good.
  app.use("/assets", express.static(`${options.clientDir}/assets`, { immutable: true, maxAge: "1y", index: false }));
  app.use(
    express.static(options.clientDir, {
      maxAge: "1h",
      index: false,
      setHeaders: (res, path) => {
        // The service workers are checked for updates on every visit: a fixed worker reaches phones at once.
        if (WORKER_FILES.has(basename(path))) res.setHeader("Cache-Control", "no-cache");
      },
    }),
  );

  // Every route may rely on the address the server resolved (TRUST_PROXY aware), never a client-sent one.
  app.use((req: Request, _res: Response, next: NextFunction) => {
    req.headers[CLIENT_IP_HEADER] = trust.clientIp(req);
    next();
  });
  app.use(noNulInUrl());
  // POST /api/create-order, with its larger limit, is answered ahead of Express (server/front-door.ts).
  app.use(bodySizeLimit());
  app.all("/{*splat}", routerHandler(options));

  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    // Express marks the client's own mistakes (e.g. a malformed %-escape in the path) with a 4xx status.
    const status = (error as { status?: unknown } | null)?.status;
    if (typeof status === "number" && status >= 400 && status < 500) {
      logger.info({ path: req.path, status, reason: (error as Error).message }, "bad request");
      if (res.headersSent) return;
      if (req.path.startsWith("/api/")) res.status(status).json({ success: false, message: "Bad request" });
      else res.status(status).type("text/plain").send("Bad request");
      return;
    }
    logger.error({ err: error }, "unhandled error");
    if (!res.headersSent) res.status(500).type("text/plain").send("Unexpected Application Error!");
  });
  return app;
}

function routerHandler({ build, services }: AppOptions) {
  // The routes and this server are one module graph (one Vite build), so these are the very context keys loaders read.
  const handlerFor = (serverBuild: ServerBuild) =>
    createRequestHandler({
      build: serverBuild,
      mode: serverBuild.isSpaMode ? "production" : process.env.NODE_ENV,
      getLoadContext: (_req, res) => {
        const context = new RouterContextProvider();
        context.set(servicesContext, services);
        context.set(nonceContext, res.locals.nonce as string);
        return context;
      },
    });

  if (typeof build !== "function") return handlerFor(build);
  // Development: Vite reloads the build on change, so resolve it on every request.
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      await handlerFor(await build())(req, res, next);
    } catch (error) {
      next(error);
    }
  };
}
