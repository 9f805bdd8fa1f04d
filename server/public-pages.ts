import type { IncomingMessage, ServerResponse } from "node:http";
import { RouterContextProvider, type ServerBuild, createRequestHandler } from "react-router";
import { type AppServices, nonceContext, pageCacheRenderContext, servicesContext } from "~/context";
import { hotReads } from "~/db/database.server";
import { listBlogPosts } from "~/domain/content/blog.server";
import { changedTopics, onPublicPagesChanged, readPublicPagesGenerations } from "~/domain/public-pages/changes.server";
import { PUBLIC_TOPICS, type PublicTopic } from "~/domain/public-pages/topics";
import { isTranslatedPath, localizedPath } from "~/lib/i18n/locale";
import { createPageStore, sendCachedPage } from "./page-cache";
import type { ProxyTrust } from "./proxy-trust";
import { securityHeadersFor } from "./security";

/**
 * What every public page's header and footer read (app/domain/content/site.server.ts, the public
 * layout's loader): the settings, the cheapest plan's price, the delivered-orders claim and
 * whether there are testimonials.
 */
const LAYOUT_READS: readonly PublicTopic[] = ["settings", "plans", "orders", "proof"];

/**
 * Pages whose HTML is the same for every visitor, and the data topics each
 * reads beside the layout's (ADR 0021): a write bumps its topic, and only the
 * pages reading it are rendered again. Anything per visitor arrives through
 * the API after load. Each language's page is its own address (/followers,
 * /hi/followers), so each is cached apart.
 */
const CACHED_PAGES: ReadonlyArray<readonly [path: string, reads: readonly PublicTopic[]]> = [
  ["/", ["settings", "proof"]], // the home page's texts quote settings; its proof and testimonials
  ["/followers", ["plans", "orders"]], // a service page: its packages and its recent orders
  ["/likes", ["plans", "orders"]],
  ["/views", ["plans", "orders"]],
  ["/comments", ["plans", "orders"]],
  ["/blog", []], // articles are files of the build
  ["/privacy-policy", ["settings"]], // policy texts quote settings
  ["/terms-of-service", ["settings"]],
  ["/delivery-policy", ["settings"]],
  ["/refund-policy", ["settings"]],
  ["/contact-us", ["settings"]],
  ["/track", []],
];

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
  const reads = new Map<string, ReadonlySet<PublicTopic>>();
  for (const [path, topics] of [
    ...CACHED_PAGES,
    ...listBlogPosts().map((post) => [`/blog/${post.slug}`, []] as const),
  ]) {
    const all = new Set([...LAYOUT_READS, ...topics]);
    for (const address of isTranslatedPath(path) ? [path, localizedPath(path, "hi")] : [path]) reads.set(address, all);
  }
  const handler = createRequestHandler(build, "production");
  const store = createPageStore({ render: (path) => renderPage(handler, services, path), maxAgeMs: MAX_AGE_MS });
  const dropPagesReading = (topics: readonly PublicTopic[]) =>
    store.clear((path) => topics.some((topic) => reads.get(path)?.has(topic)));
  // A committed change seen in the generations: pages are rendered from the settings copy too, so it is
  // dropped first (it also checks the generations itself, ADR 0019, but maybe not since this change).
  const changed = (topics: readonly PublicTopic[]) => {
    if (topics.includes("settings")) services.settings.clear();
    dropPagesReading(topics);
  };
  const unsubscribe = onPublicPagesChanged(dropPagesReading);
  const stopWatching = watchGeneration(services, changed, pollMs);

  function handle(req: IncomingMessage, res: ServerResponse, fallback: () => void): boolean {
    const url = req.url ?? "";
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    // Query strings would let anyone mint unbounded entries, and may mean something to a page.
    if (!reads.has(url)) return false;
    const cookie = req.headers.cookie;
    if (cookie && PAGE_CHANGING_COOKIES.test(cookie)) return false;

    store.get(url).then(
      (page) => {
        if (!page) return fallback();
        const headers = securityHeadersFor({
          kind: "document",
          path: url,
          scripts: { hashes: page.scriptHashes },
          secure: proxyTrust.isSecure(req),
        });
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
 * Every instance reads the shared generations in the background; when another
 * instance committed a change of a topic, this one drops the pages reading it
 * (and its settings copy, for settings). The first read drops everything: a
 * page rendered before it may predate a change.
 */
function watchGeneration(
  services: Pick<AppServices, "db" | "logger">,
  changed: (topics: readonly PublicTopic[]) => void,
  pollMs: number,
) {
  let known: Map<number, number> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const tick = async () => {
    try {
      const generations = await readPublicPagesGenerations(hotReads(services.db));
      const topics = known ? changedTopics(known, generations) : [...PUBLIC_TOPICS];
      if (topics.length > 0) changed(topics);
      known = generations;
    } catch (error) {
      services.logger.warn({ err: error }, "could not read the public pages' generations");
    }
    if (!stopped) timer = setTimeout(() => void tick(), pollMs).unref();
  };
  void tick();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
