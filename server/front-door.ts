import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { ServerBuild } from "react-router";
import type { AppServices } from "~/context";
import { createHotRoutes } from "./hot-routes";
import { createHttpsRedirect } from "./https-redirect";
import { rememberedLanguageRedirect } from "./language-redirect";
import { proxyAddressWatch } from "./proxy-address-watch";
import type { ProxyTrust } from "./proxy-trust";
import { createPublicPages } from "./public-pages";
import { type Door, createRequestLog } from "./request-log";

export interface FrontDoorOptions {
  services: AppServices;
  trust: ProxyTrust;
  /** Express with React Router behind it (server/app.ts): whatever no fast door answered. */
  app: RequestListener;
  /** The production build, whose public pages are cached; none in development (every page rendered afresh). */
  build: ServerBuild | null;
}

/** A fast door: answers the request and returns true, or returns false to pass it on. */
type FastDoor = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * Every request comes in here (docs/decisions/0021-one-front-door.md). In
 * order, the first that answers takes it:
 *
 * 1. `https-redirect`: plain HTTP to HTTPS, when HTTPS_REDIRECT is on;
 * 2. `hot`: the checkout's status poll and create-order (server/hot-routes.ts);
 * 3. `language-redirect`: `/` to `/hi` for a buyer who chose Hindi;
 * 4. `page-cache`: the public pages, from memory (server/public-pages.ts);
 * 5. `app`: Express, then React Router (server/app.ts).
 *
 * Each door is a plain Node handler that decides synchronously whether it
 * answers, so a request the fast doors pass costs a few string checks. Every
 * answer gets one access-log line with the same fields (server/request-log.ts),
 * naming its door; every door takes its security headers from
 * server/security.ts (securityHeadersFor).
 */
export function createFrontDoor({ services, trust, app, build }: FrontDoorOptions) {
  const { config, logger } = services;
  const requests = createRequestLog(logger);
  const pages = build ? createPublicPages({ services, build, proxyTrust: trust }) : null;
  const toApp = (req: IncomingMessage, res: ServerResponse) => void app(req, res);
  // Behind a proxy that sends no client address, every visitor is the proxy: said loudly, on Health and in the banner.
  const watchAddress = proxyAddressWatch(config.TRUST_PROXY, logger);

  const fastDoors: Array<[Door, FastDoor]> = [];
  if (config.HTTPS_REDIRECT) {
    fastDoors.push([
      "https-redirect",
      createHttpsRedirect({
        publicBaseUrl: async () => (await services.settings.get()).publicBaseUrl,
        publicBaseUrlFromEnv: Boolean(config.PUBLIC_BASE_URL),
        allowedHosts: config.HTTPS_REDIRECT_HOSTS,
      }),
    ]);
  }
  fastDoors.push(["hot", createHotRoutes(services, trust)]);
  fastDoors.push(["language-redirect", (req, res) => rememberedLanguageRedirect(req, res, trust)]);

  function handle(req: IncomingMessage, res: ServerResponse): void {
    const watched = requests.watch(req, res);
    watchAddress?.(req);
    for (const [door, answers] of fastDoors) {
      if (answers(req, res)) {
        watched.door = door;
        return;
      }
    }
    // A page the cache cannot keep (not a plain 200) or failed to render is answered by the app after all.
    const fallback = () => {
      watched.door = "app";
      toApp(req, res);
    };
    if (pages?.handle(req, res, fallback)) {
      watched.door = "page-cache";
      return;
    }
    watched.door = "app";
    toApp(req, res);
  }

  return {
    handle,
    /** The page cache, for tests and the operator's tools. */
    pages,
    stop() {
      pages?.stop();
      requests.stop();
    },
  };
}
