import { createHash } from "node:crypto";
import { Transform } from "node:stream";
import type { EntryContext } from "react-router";

/**
 * Rendered HTML of pages that are the same for every visitor (blog index and
 * articles), so they cost no React rendering per request. See
 * docs/decisions/0003-blog-delivery.md.
 *
 * A route opts in with `export const handle = { cacheHtml: true }`. The entry
 * is keyed on the path AND a hash of all loader data, so whatever the loaders
 * read (site settings, prices, the article) can never be served stale: loaders
 * still run per request, only rendering is skipped. The per-request CSP nonce
 * is swapped into the cached HTML on every hit.
 */
export interface CacheKey {
  path: string;
  version: string;
}

interface Entry extends CacheKey {
  html: string;
  nonce: string;
  storedAt: number;
}

export interface HtmlCacheOptions {
  /** Bounds anything rendered from the clock rather than loader data (e.g. a copyright year). */
  maxAgeMs?: number;
  maxEntries?: number;
  clock?: () => number;
}

export function htmlCacheKey(
  request: Request,
  status: number,
  context: Pick<EntryContext, "staticHandlerContext">,
  nonce: string,
): CacheKey | null {
  if (request.method !== "GET" || status !== 200 || !nonce) return null;
  const url = new URL(request.url);
  // Query strings would let anyone mint unbounded cache entries.
  if (url.search) return null;
  const state = context.staticHandlerContext;
  if (state.errors || state.actionData) return null;
  const handle = state.matches.at(-1)?.route.handle as { cacheHtml?: unknown } | undefined;
  if (handle?.cacheHtml !== true) return null;
  const version = createHash("sha256").update(JSON.stringify(state.loaderData)).digest("base64url");
  return { path: url.pathname, version };
}

export function createHtmlCache({ maxAgeMs = 5 * 60_000, maxEntries = 200, clock = Date.now }: HtmlCacheOptions = {}) {
  // One entry per path: a newer version replaces the old, so memory stays bounded by the page count.
  const entries = new Map<string, Entry>();

  function store(key: CacheKey, html: string, nonce: string) {
    entries.delete(key.path);
    entries.set(key.path, { ...key, html, nonce, storedAt: clock() });
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
  }

  return {
    /** The cached page with `nonce` in place of the one it was rendered with, or undefined. */
    get(key: CacheKey, nonce: string): string | undefined {
      const entry = entries.get(key.path);
      if (!entry || entry.version !== key.version || clock() - entry.storedAt >= maxAgeMs) return undefined;
      return entry.html.split(`nonce="${entry.nonce}"`).join(`nonce="${nonce}"`);
    },

    store,

    /**
     * A pass-through stream that keeps a copy of the page and stores it once
     * rendering has finished, if `succeeded()` still says so then.
     */
    recorder(key: CacheKey, nonce: string, succeeded: () => boolean): Transform {
      const chunks: Buffer[] = [];
      return new Transform({
        transform(chunk: Buffer | string, _encoding, callback) {
          chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
          callback(null, chunk);
        },
        flush(callback) {
          if (succeeded()) store(key, Buffer.concat(chunks).toString("utf8"), nonce);
          callback();
        },
      });
    },

    get size() {
      return entries.size;
    },
  };
}

export type HtmlCache = ReturnType<typeof createHtmlCache>;

/** The process-wide cache used by entry.server.tsx. */
export const htmlCache = createHtmlCache();
