import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { createHtmlCache, htmlCacheKey } from "./html-cache.server";

function context(loaderData: Record<string, unknown>, handle: unknown = { cacheHtml: true }, errors: unknown = null) {
  return {
    staticHandlerContext: {
      loaderData,
      actionData: null,
      errors,
      matches: [{ route: { handle: undefined } }, { route: { handle } }],
    },
  } as never;
}

const get = (path: string) => new Request(`http://localhost${path}`);

describe("html cache key", () => {
  it("is given only to pages that opt in, on a plain successful GET", () => {
    expect(htmlCacheKey(get("/blog"), 200, context({ a: 1 }), "n")).toMatchObject({ path: "/blog" });
    expect(htmlCacheKey(get("/blog"), 200, context({ a: 1 }, null), "n")).toBeNull();
    expect(htmlCacheKey(get("/blog"), 404, context({ a: 1 }), "n")).toBeNull();
    expect(htmlCacheKey(get("/blog?x=1"), 200, context({ a: 1 }), "n")).toBeNull();
    expect(htmlCacheKey(new Request("http://localhost/blog", { method: "POST" }), 200, context({}), "n")).toBeNull();
    expect(htmlCacheKey(get("/blog"), 200, context({ a: 1 }, { cacheHtml: true }, { x: 1 }), "n")).toBeNull();
    expect(htmlCacheKey(get("/blog"), 200, context({ a: 1 }), "")).toBeNull();
  });

  it("changes whenever any loader data changes (e.g. a site setting)", () => {
    const a = htmlCacheKey(get("/blog"), 200, context({ layout: { brand: "A" } }), "n")!;
    const b = htmlCacheKey(get("/blog"), 200, context({ layout: { brand: "B" } }), "n")!;
    expect(a.version).not.toBe(b.version);
  });
});

describe("html cache", () => {
  const key = { path: "/blog", version: "v1" };
  const page = '<script nonce="OLD+/=">x</script><p>nonce="OLD+/="</p>';

  it("serves a stored page with the new request's nonce", () => {
    const cache = createHtmlCache();
    cache.store(key, page, "OLD+/=");
    expect(cache.get(key, "NEW")).toBe('<script nonce="NEW">x</script><p>nonce="NEW"</p>');
  });

  it("misses for another version of the data, and replaces the old version", () => {
    const cache = createHtmlCache();
    cache.store(key, page, "OLD");
    expect(cache.get({ ...key, version: "v2" }, "N")).toBeUndefined();
    cache.store({ ...key, version: "v2" }, "<p>2</p>", "OLD");
    expect(cache.size).toBe(1);
    expect(cache.get(key, "N")).toBeUndefined();
  });

  it("forgets a page after its maximum age", () => {
    let now = 0;
    const cache = createHtmlCache({ maxAgeMs: 1000, clock: () => now });
    cache.store(key, page, "OLD");
    now = 999;
    expect(cache.get(key, "N")).toBeDefined();
    now = 1000;
    expect(cache.get(key, "N")).toBeUndefined();
  });

  it("keeps at most maxEntries pages", () => {
    const cache = createHtmlCache({ maxEntries: 2 });
    for (const path of ["/a", "/b", "/c"]) cache.store({ path, version: "v" }, path, "n");
    expect(cache.size).toBe(2);
    expect(cache.get({ path: "/a", version: "v" }, "n")).toBeUndefined();
  });

  it("records a streamed page as it passes through, only if rendering succeeded", async () => {
    const cache = createHtmlCache();
    const passed = await text(Readable.from(["<p>", Buffer.from("ok</p>")]).pipe(cache.recorder(key, "n", () => true)));
    expect(passed).toBe("<p>ok</p>");
    expect(cache.get(key, "n")).toBe("<p>ok</p>");

    const other = { path: "/failed", version: "v" };
    await text(Readable.from(["<p>"]).pipe(cache.recorder(other, "n", () => false)));
    expect(cache.get(other, "n")).toBeUndefined();
  });
});
