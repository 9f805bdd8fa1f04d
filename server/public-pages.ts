import type { IncomingMessage, ServerResponse } from "node:http";
import { RouterContextProvider, type ServerBuild, createRequestHandler } from "react-router";
import { type AppServices, nonceContext, pageCacheRenderContext, servicesContext } from "~/context";
import { hotReads } from "~/db/database.server";
import { listBlogPosts } from "~/domain/content/blog.server";
import { POLICY_SLUGS } from "~/domain/content/pages.server";
import { SERVICE_TYPES } from "~/domain/panel/service-types";
import { changedTopics, onPublicPagesChanged, readPublicPagesGenerations } from "~/domain/public-pages/changes.server";
import { PUBLIC_TOPICS, type PublicTopic } from "~/domain/public-pages/topics";
import { declaredReads, trackedServices, undeclaredReads } from "./page-reads";
import { isTranslatedPath, localizedPath } from "~/lib/i18n/locale";
import { createPageStore, sendCachedPage } from "./page-cache";
import type { ProxyTrust } from "./proxy-trust";
import { securityHeadersFor } from "./security";

/**
 * Pages whose HTML is the same for every visitor (ADR 0008). Each reads the
 * topics its routes declare beside their loaders (`export const reads`, ADR
 * 0021): the public layout's (the header and footer) and the page's own. A
 * write declares its topic, and only the pages reading it are rendered again.
 * Anything per visitor arrives through the API after load. Each language's
 * page is its own address (/followers, /hi/followers), so each is cached apart.
 */
const CACHED_PATHS: readonly string[] = [
  "/",
  ...SERVICE_TYPES.map((service) => `/${service}`),
  "/blog",
  ...POLICY_SLUGS.map((slug) => `/${slug}`),
  "/contact-us",
  "/track",
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
  for (const path of [...CACHED_PATHS, ...listBlogPosts().map((post) => `/blog/${post.slug}`)]) {
    for (const address of isTranslatedPath(path) ? [path, localizedPath(path, "hi")] : [path]) {
      reads.set(address, declaredReads(build, address));
    }
  }
  const handler = createRequestHandler(build, "production");
  const render = async (path: string) => {
    const tracked = trackedServices(services);
    const html = await renderPage(handler, tracked.services, path);
    const undeclared = undeclaredReads(tracked.read, reads.get(path) ?? new Set());
    if (undeclared.length === 0) return html;
    // Kept, it would outlive a change of what it read: it is rendered per request until its routes declare it.
    services.logger.error({ path, undeclared }, "a cached page read what its routes do not declare (ADR 0049)");
    return null;
  };
  const store = createPageStore({ render, maxAgeMs: MAX_AGE_MS });
  const dropPagesReading = (topics: readonly PublicTopic[]) =>
    store.clear((path) => topics.some((topic) => reads.get(path)?.has(topic)));
  // A committed change seen in the generations: pages are rendered from the settings copy too, so it is
  // dropped first (it also checks the generations itself, ADR 0019, but maybe not since this change).
  const changed = (topics: readonly PublicTopic[]) => {
    if (topics.includes("settings")) services.settings.clear();
    dropPagesReading(topics);
  };
  const watcher = watchGeneration(services, changed, pollMs);
  // A change this process committed: its pages go at once (the settings copy hears of it by itself), and the
  // watcher knows the generations it left, so it does not drop them again when it reads them.
  const unsubscribe = onPublicPagesChanged(({ topics, generations }) => {
    dropPagesReading(topics);
    watcher.saw(generations);
  });

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
    /** The topics each cached address reads (its routes' declarations). */
    reads: reads as ReadonlyMap<string, ReadonlySet<PublicTopic>>,
    stop() {
      unsubscribe();
      watcher.stop();
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
  return {
    /** Generations this process moved and already acted on. */
    saw(generations: ReadonlyMap<number, number>) {
      if (known) for (const [row, generation] of generations) known.set(row, generation);
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
