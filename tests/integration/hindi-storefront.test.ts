import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/database.server";
import { findOrder } from "~/domain/orders/orders.repository.server";
import { en } from "~/locales/en";
import { hi } from "~/locales/hi";
import { testDatabases } from "../support/databases";
import { makeOrder } from "../support/orders";
import type { ServerProcess } from "../support/server-process";
import { type TestShop, startTestShop } from "../support/test-shop";

const PUBLIC = "https://boost.example.in";
const DAY = 86_400_000;

/** React writes these characters escaped; the Hindi texts contain none of the others. */
const decode = (html: string) =>
  html
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

/** The <link> tags of a page with this rel, as hreflang → href (or "canonical" → href). */
function links(html: string, rel: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const m of html.matchAll(/<link\b[^>]*>/g)) {
    const tag = m[0];
    if (!tag.includes(`rel="${rel}"`)) continue;
    const lang = /hrefLang="([^"]+)"/i.exec(tag)?.[1] ?? rel;
    found.set(lang, /href="([^"]+)"/.exec(tag)![1]!);
  }
  return found;
}

/** Every module the page names for its first download or its first intent, as one text. */
async function preloaded(base: string, html: string): Promise<string> {
  // Named in the head, or imported by the module script a page sends inert (ADR 0011) at the first intent.
  const hrefs = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"|\bimport "(\/assets\/[^"]+\.js)";/g)].map(
    (m) => (m[1] ?? m[2])!,
  );
  const bodies = await Promise.all(hrefs.map(async (href) => (await fetch(`${base}${href}`)).text()));
  return bodies.join("\n");
}

/**
 * The Hindi storefront: its own addresses under /hi, served like the English
 * pages from the page cache, with the language's `lang`, canonical and
 * hreflang links; the buyer's remembered choice; and a refused request on a
 * Hindi page answered in Hindi, with nothing changed.
 */
describe.each(testDatabases())("the Hindi storefront on $name", (kind) => {
  let shop: TestShop;
  let server: ServerProcess;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    shop = await startTestShop({
      engine: kind,
      admin: false,
      simulator: true,
      jobs: "off",
      env: { PUBLIC_BASE_URL: PUBLIC },
    });
    ({ server, db: handle } = shop);
  }, 60_000);

  afterAll(async () => shop?.stop());

  it.each([
    ["/hi", "/", hi.home.hero.title],
    ["/hi/followers", "/followers", hi.service.followers.heading],
  ])(
    "serves %s in Hindi from the page cache, with its canonical and both languages' alternates",
    async (path, english, heading) => {
      const res = await fetch(`${server.url}${path}`, { headers: { "accept-encoding": "gzip" } });
      expect(res.status).toBe(200);
      const html = decode(await res.text());
      expect(html).toContain('<html lang="hi-IN"');
      expect(html).toContain(heading);
      expect(links(html, "canonical").get("canonical")).toBe(`${PUBLIC}${path}`);
      expect(Object.fromEntries(links(html, "alternate"))).toMatchObject({
        "en-IN": `${PUBLIC}${english === "/" ? "/" : english}`,
        "hi-IN": `${PUBLIC}${path}`,
        "x-default": `${PUBLIC}${english}`,
      });
      // The page cache's answer: an ETag it honours, and no cookie.
      const etag = res.headers.get("etag")!;
      expect(etag).toMatch(/^"[^"]+"$/);
      expect(res.headers.get("set-cookie")).toBeNull();
      // A page React hydrates downloads its words beside the entry script (at the first intent, ADR 0011),
      // the Hindi ones only; a static page (ADR 0010) none: they are all in its HTML.
      const modules = await preloaded(server.url, html);
      if (path === "/hi") expect(modules).not.toContain(heading);
      else expect(modules).toContain(heading);
      expect(modules).not.toContain(en.home.hero.title);
      // The link preview is described in Hindi too.
      const alt = /<meta property="og:image:alt" content="([^"]+)"/.exec(html)?.[1];
      expect(alt).toContain(hi.common.socialImageAlt.replace("{{title}}: ", ""));
      const again = await fetch(`${server.url}${path}`, {
        headers: { "accept-encoding": "gzip", "if-none-match": etag },
      });
      expect(again.status).toBe(304);

      // The English page is a page of its own, in English, pointing at the Hindi one.
      const englishHtml = await (await fetch(`${server.url}${english}`)).text();
      expect(englishHtml).toContain('<html lang="en-IN"');
      expect(links(englishHtml, "canonical").get("canonical")).toBe(`${PUBLIC}${english}`);
      expect(links(englishHtml, "alternate").get("hi-IN")).toBe(`${PUBLIC}${path}`);
      const englishModules = await preloaded(server.url, englishHtml);
      if (path !== "/hi") expect(englishModules).toContain(en.home.hero.title);
      expect(englishModules).not.toContain(hi.home.hero.title);
    },
  );

  it("sends a buyer who chose Hindi from the English home page to /hi, and nothing else", async () => {
    const home = await fetch(`${server.url}/`, { headers: { cookie: "lang=hi" }, redirect: "manual" });
    expect(home.status).toBe(302);
    expect(home.headers.get("location")).toBe("/hi");
    expect(home.headers.get("vary")).toBe("Cookie");
    const withQuery = await fetch(`${server.url}/?utm_source=x`, {
      headers: { cookie: "lang=hi" },
      redirect: "manual",
    });
    expect(withQuery.headers.get("location")).toBe("/hi?utm_source=x");

    // No cookie, English chosen, another page, another method: the English page as before, from the cache.
    for (const [path, init] of [
      ["/", {}],
      ["/", { headers: { cookie: "lang=en" } }],
      ["/followers", { headers: { cookie: "lang=hi" } }],
      ["/blog", { headers: { cookie: "lang=hi" } }],
      ["/hi", { headers: { cookie: "lang=hi" } }],
    ] as const) {
      const res = await fetch(`${server.url}${path}`, { ...init, redirect: "manual" });
      expect(res.status, path).toBe(200);
      expect(res.headers.get("vary") ?? "").not.toContain("Cookie");
      expect(res.headers.get("etag"), path).toBeTruthy();
    }
  });

  it("answers a refused refill or cancel on /hi/track in Hindi and changes nothing", async () => {
    const now = Date.now();
    // Delivered 40 days ago with a 30-day guarantee: the refill is refused by the rules, before any panel call.
    const order = await makeOrder(handle.db, {
      status: "delivered",
      paid_at: now - 41 * DAY,
      paid_by: "owner",
      refill_days: 30,
      panel_order_id: "777",
      panel_status: "completed",
      panel_remains: 0,
      delivered_at: now - 40 * DAY,
    });
    const before = await findOrder(handle.db, order.order_id);
    const ask = (intent: string) =>
      fetch(`${server.url}/hi/track`, {
        method: "POST",
        body: new URLSearchParams({ orderId: order.order_id, phone: "9812345678", intent }),
      });

    const refill = await ask("refill");
    expect(refill.status).toBe(200);
    const refillHtml = decode(await refill.text());
    expect(refillHtml).toContain('<html lang="hi-IN"');
    expect(refillHtml).toContain(hi.errors.refill.REFILL_OUTSIDE_GUARANTEE);
    // The English words travel only in the page's data (with their code), never in what the buyer reads.
    expect(refillHtml.replace(/<script[\s\S]*?<\/script>/g, "")).not.toContain(
      "The refill guarantee for this order has ended.",
    );

    const cancel = await ask("cancel");
    const cancelHtml = decode(await cancel.text());
    expect(cancelHtml).toContain(hi.errors.cancel.CANCEL_NOT_PENDING);

    const unknown = await fetch(`${server.url}/hi/track`, {
      method: "POST",
      body: new URLSearchParams({ orderId: "BK-NOPE", phone: "9812345678" }),
    });
    expect(decode(await unknown.text())).toContain(hi.errors.track.noMatch);

    const { updated_at: _a, ...was } = before!;
    const { updated_at: _b, ...is } = (await findOrder(handle.db, order.order_id))!;
    expect(is).toEqual(was);
    const requests = await handle.db
      .selectFrom("order_panel_requests")
      .select("id")
      .where("order_id", "=", order.order_id)
      .execute();
    expect(requests).toEqual([]);
  });

  it("answers a missing page under /hi with the Hindi 404 page and a way to the Hindi home", async () => {
    const res = await fetch(`${server.url}/hi/no/such/page`);
    expect(res.status).toBe(404);
    const html = decode(await res.text());
    expect(html).toContain('<html lang="hi-IN"');
    expect(html).toContain(hi.common.errorPage.notFoundTitle);
    expect(html).toContain(`<title>${hi.common.errorPage.notFoundPageTitle}</title>`);
    expect(html).toMatch(/<a href="\/hi"[^>]*>[^<]*होम/);
  });

  it("lists the Hindi pages in the sitemap, and not a Hindi blog", async () => {
    const xml = await (await fetch(`${server.url}/sitemap.xml`)).text();
    for (const path of [
      "/hi",
      "/hi/followers",
      "/hi/likes",
      "/hi/views",
      "/hi/comments",
      "/hi/track",
      "/hi/refund-policy",
    ]) {
      expect(xml).toContain(`<loc>${PUBLIC}${path}</loc>`);
    }
    expect(xml).toContain(`<loc>${PUBLIC}/blog</loc>`);
    expect(xml).not.toContain("/hi/blog");
  });
});
