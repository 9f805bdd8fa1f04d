import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { INERT_MODULE_TYPE } from "~/lib/page-handle";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

type Encoding = "br" | "gzip" | "identity";

/** A page as rendered once: its bytes in every encoding we send, and the headers that belong to them. */
export interface CachedPage {
  /** Opaque and quoted per encoding (`"abc-br"`); the part before the dash names the content. */
  etag: string;
  /** SHA-256 (base64) of each inline script, for the Content-Security-Policy. */
  scriptHashes: string[];
  bodies: Record<Encoding, Buffer>;
  storedAt: number;
}

/**
 * The page's inline scripts (not JSON-LD or other data blocks), whose hashes the CSP must allow;
 * with the module script that waits for the visitor's intent (ADR 0011), which runs as itself later.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = "", content = ""] = match;
    if (/\bsrc\s*=/i.test(attributes) || content.length === 0) continue;
    const type = /\btype\s*=\s*"([^"]*)"/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== "module" && type !== "text/javascript" && type !== INERT_MODULE_TYPE) continue;
    hashes.add(createHash("sha256").update(content, "utf8").digest("base64"));
  }
  return [...hashes];
}

/** Compresses once, at the highest settings: the cost is paid per change of the page, not per request. */
export async function preparePage(html: string, now: number): Promise<CachedPage> {
  const identity = Buffer.from(html, "utf8");
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzipAsync(identity, { level: 9 }),
  ]);
  return {
    etag: createHash("sha256").update(identity).digest("base64url").slice(0, 22),
    scriptHashes: inlineScriptHashes(html),
    bodies: { br, gzip: gz, identity },
    storedAt: now,
  };
}

/** The best encoding the client accepts (q > 0), brotli first. */
export function negotiateEncoding(header: string | undefined): Encoding {
  if (!header) return "identity";
  const weights = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.split(";").map((p) => p.trim());
    const q = params.find((p) => p.startsWith("q="));
    weights.set(name.toLowerCase(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const accepts = (name: string) => (weights.get(name) ?? weights.get("*") ?? 0) > 0;
  if (accepts("br")) return "br";
  if (accepts("gzip")) return "gzip";
  return "identity";
}

const ETAG_SUFFIX: Record<Encoding, string> = { br: "-br", gzip: "-gz", identity: "" };

/** Whether If-None-Match names this page in any encoding (the content is the same, only its encoding differs). */
function notModified(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((tag) => {
    const bare = tag.trim().replace(/^W\//, "").replace(/^"|"$/g, "");
    return bare === "*" || bare.replace(/-(br|gz)$/, "") === etag;
  });
}

/** Writes a cached page: 304 on a matching ETag, headers only for HEAD, else the bytes in the negotiated encoding. */
export function sendCachedPage(
  req: IncomingMessage,
  res: ServerResponse,
  page: CachedPage,
  headers: ReadonlyArray<readonly [string, string]>,
): void {
  const encoding = negotiateEncoding(headerValue(req.headers["accept-encoding"]));
  const body = page.bodies[encoding];
  for (const [name, value] of headers) res.setHeader(name, value);
  res.setHeader("Vary", "Accept-Encoding");
  res.setHeader("ETag", `"${page.etag}${ETAG_SUFFIX[encoding]}"`);
  // Browsers may keep the page but must ask each time: a change of plans or settings shows at once.
  res.setHeader("Cache-Control", "no-cache");
  if (notModified(headerValue(req.headers["if-none-match"]), page.etag)) {
    res.writeHead(304);
    res.end();
    return;
  }
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.setHeader("Content-Length", body.length);
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.writeHead(200);
  res.end(req.method === "HEAD" ? undefined : body);
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(", ") : value;
}

export interface PageStoreOptions {
  /** Renders a page afresh; null when it must not be cached (not a plain 200, or it set a cookie). */
  render: (path: string) => Promise<string | null>;
  /** Bounds what a page shows from the clock rather than its data (the footer's year, "2 min ago"). */
  maxAgeMs: number;
  clock?: () => number;
}

/**
 * Rendered pages by path. A miss renders once however many requests wait for
 * it. A page older than `maxAgeMs` is still served while a fresh copy renders;
 * `clear(affected)` (a change of data) drops the pages it names (every page
 * without it), and a render of one of them that was under way is not stored,
 * since it may have read the old data.
 */
export function createPageStore({ render, maxAgeMs, clock = Date.now }: PageStoreOptions) {
  const entries = new Map<string, CachedPage>();
  const rendering = new Map<string, Promise<CachedPage | null>>();
  /** Bumped per path by each clear that drops it: a render started before is stale. */
  const epochs = new Map<string, number>();

  function refresh(path: string): Promise<CachedPage | null> {
    const pending = rendering.get(path);
    if (pending) return pending;
    const startedIn = epochs.get(path) ?? 0;
    const current = () => (epochs.get(path) ?? 0) === startedIn;
    const settle = () => {
      if (current()) rendering.delete(path);
    };
    const next = render(path)
      .then((html) => (html === null ? null : preparePage(html, clock())))
      .then(
        (page) => {
          const fresh = current();
          settle();
          if (page && fresh) entries.set(path, page);
          return page;
        },
        (error: unknown) => {
          settle();
          throw error;
        },
      );
    rendering.set(path, next);
    return next;
  }

  return {
    /** The page, rendering it if there is no copy; null when it cannot be cached. */
    async get(path: string): Promise<CachedPage | null> {
      const entry = entries.get(path);
      if (!entry) return refresh(path);
      if (clock() - entry.storedAt >= maxAgeMs) refresh(path).catch(() => {});
      return entry;
    },
    /** Drops the pages `affected` names, or every page. */
    clear(affected: (path: string) => boolean = () => true) {
      for (const path of new Set([...entries.keys(), ...rendering.keys()])) {
        if (!affected(path)) continue;
        epochs.set(path, (epochs.get(path) ?? 0) + 1);
        entries.delete(path);
        rendering.delete(path);
      }
    },
    get size() {
      return entries.size;
    },
  };
}

export type PageStore = ReturnType<typeof createPageStore>;
