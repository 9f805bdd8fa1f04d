import type { IncomingMessage, ServerResponse } from "node:http";
import { RouterContextProvider, type ServerBuild, createRequestHandler } from "react-router";
import { type AppServices, nonceContext, pageCacheRenderContext, servicesContext } from "~/context";
import { listBlogPosts } from "~/domain/content/blog.server";
import { onPublicPagesChanged, readPublicPagesGeneration } from "~/domain/public-pages/changes.server";
import { isTranslatedPath, localizedPath } from "~/lib/i18n/locale";
import { createPageStore, sendCachedPage } from "./page-cache";
import type { ProxyTrust } from "./proxy-trust";
import { contentSecurityPolicy, otherSecurityHeaders } from "./security";

/**
 * Pages whose HTML is the same for every visitor; anything per visitor arrives through the API after load.
 * Each language's page is its own address (/followers, /hi/followers), so each is cached apart.
 */
const STATIC_PATHS = [
  "/",
  "/followers",
  "/likes",
  "/views",
  "/comments",
  "/blog",
  "/privacy-policy",
  "/terms-of-service",
  "/delivery-policy",
  "/refund-policy",
  "/contact-us",
  "/track",
].flatMap((path) => (isTranslatedPath(path) ? [path, localizedPath(path, "hi")] : [path]));

/** Cookies that change what a public page shows; a request carrying one is rendered for it alone. */
const PAGE_CHANGING_COOKIES = /(?:^|;)\s*toast=/;

/** How long a copy may be served before it is rendered again, for what pages show from the clock. */
const MAX_AGE_MS = 60_000;
/** How often each instance reads the shared generation counter. */
export const GENERATION_POLL_MS = 1_000;

export interface PublicPagesOptions {
  services: AppServices;
  build: ServerBuild;
  proxyTrust: ProxyTrust;
  pollMs?: number;
}

/**
 * The public pages at static speed: rendered once per change of their data,
 * kept in memory compressed, and answered from Node's http server ahead of
 * Express and React Router (docs/decisions/0008-public-page-cache.md). Returns
 * the request handler (false when the request is not for it) and a stop.
 */
export function createPublicPages({ services, build, proxyTrust, pollMs = GENERATION_POLL_MS }: PublicPagesOptions) {
  const paths = new Set([...STATIC_PATHS, ...listBlogPosts().map((post) => `/blog/${post.slug}`)]);
  const handler = createRequestHandler(build, "production");
  const store = createPageStore({ render: (path) => renderPage(handler, services, path), maxAgeMs: MAX_AGE_MS });
  // Pages are rendered from the settings cache too: both are dropped together.
  const changed = () => {
    store.clear();
    services.settings.clear();
  };
  const unsubscribe = onPublicPagesChanged(() => store.clear());
  const stopWatching = watchGeneration(services, changed, pollMs);
  const csp = (hashes: readonly string[]) =>
    contentSecurityPolicy({ hashes }, { development: false }, { gateway: true });

  function handle(req: IncomingMessage, res: ServerResponse, fallback: () => void): boolean {
    const url = req.url ?? "";
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    // Query strings would let anyone mint unbounded entries, and may mean something to a page.
    if (!paths.has(url)) return false;
    const cookie = req.headers.cookie;
    if (cookie && PAGE_CHANGING_COOKIES.test(cookie)) return false;

    store.get(url).then(
      (page) => {
        if (!page) return fallback();
        const headers = otherSecurityHeaders({ gateway: true, secure: proxyTrust.isSecure(req) });
        headers.push(["Content-Security-Policy", csp(page.scriptHashes)]);
        sendCachedPage(req, res, page, headers);
      },
      (error: unknown) => {
        services.logger.error({ err: error, path: url }, "rendering a page for the cache failed");
        fallback();
      },
    );
    return true;
  }

  return {
    handle,
    store,
    stop() {
      unsubscribe();
      stopWatching();
    },
  };
}

/** The page as any visitor without cookies gets it, or null when it is not a plain 200 to keep. */
async function renderPage(
  handler: ReturnType<typeof createRequestHandler>,
  services: AppServices,
  path: string,
): Promise<string | null> {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  context.set(nonceContext, "");
  context.set(pageCacheRenderContext, true);
  const response = await handler(new Request(`http://localhost${path}`, { headers: { accept: "text/html" } }), context);
  const html = await response.text();
  if (response.status !== 200 || response.headers.has("set-cookie")) return null;
  if (!response.headers.get("content-type")?.startsWith("text/html")) return null;
  return html;
}

/**
 * Every instance reads the shared generation counter in the background; when
 * another instance committed a change, this one drops its pages (and its
 * settings copy). The first read drops too: a page rendered before it may
 * predate a change.
 */
function watchGeneration(services: Pick<AppServices, "db" | "logger">, changed: () => void, pollMs: number) {
  let known: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const tick = async () => {
    try {
      const generation = await readPublicPagesGeneration(services.db);
      if (generation !== known) {
        changed();
        known = generation;
      }
    } catch (error) {
      services.logger.warn({ err: error }, "could not read the public pages' generation");
    }
    if (!stopped) timer = setTimeout(() => void tick(), pollMs).unref();
  };
  void tick();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
