import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, spawnServer } from "../support/server-process";

/**
 * What a phone downloads before the home page works: its HTML (hydration data,
 * inline drawings and repeated lists add up) in one piece.
 */
describe("page weight", () => {
  let dir: string;
  let server: ServerProcess;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "shop-weight-"));
    server = await spawnServer({ DATABASE_URL: `file:${join(dir, "shop.db")}`, JOBS_ENABLED: "false" });
  });
  afterAll(async () => {
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("keeps the home page's HTML within 80 KB uncompressed", async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(80 * 1024);
  });

  it("keeps libraries a visit may never need out of the home page's first download", async () => {
    const scripts = firstLoadScripts(await (await fetch(`${server.url}/`)).text());
    expect(scripts.length).toBeGreaterThan(3);
    // Toasts (sonner), the carousels' engine and the confetti come with their first use.
    for (const marker of ["data-sonner-toaster", "containScroll", "disableForReducedMotion"]) {
      expect(scripts.filter((s) => s.code.includes(marker)).map((s) => s.url)).toEqual([]);
    }
    // React DOM and React Router alone are about 112 KB, i18next 19 KB and the page's language about
    // 6 KB (preloaded, so counted); docs/performance.md has the breakdown and the 120 KB goal.
    const gzip = scripts.reduce((sum, s) => sum + gzipSync(s.code, { level: 9 }).length, 0);
    expect(gzip).toBeLessThanOrEqual(171 * 1024);
  });

  it.each(["/followers", "/hi/likes", "/track"])(
    "keeps zod and the order dialog out of %s's first download: they come when a form needs them",
    async (path) => {
      const scripts = firstLoadScripts(await (await fetch(`${server.url}${path}`)).text());
      expect(scripts.filter((s) => s.code.includes("ZodError")).map((s) => s.url)).toEqual([]);
      // The home page's first download plus the page's own module: about 170 KB.
      const gzip = scripts.reduce((sum, s) => sum + gzipSync(s.code, { level: 9 }).length, 0);
      expect(gzip).toBeLessThanOrEqual(175 * 1024);
    },
  );
});

/** The scripts the HTML makes the browser fetch before the page runs: module preloads and module imports. */
function firstLoadScripts(html: string): Array<{ url: string; code: string }> {
  const urls = new Set([...html.matchAll(/(?:modulepreload" href|src)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!));
  for (const m of html.matchAll(/import\s*(?:[^"']*from\s*)?["'](\/assets\/[^"']+\.js)["']/g)) urls.add(m[1]!);
  return [...urls].map((url) => ({ url, code: readFileSync(join("build/client", url), "utf8") }));
}
