// `npm run lighthouse [--runs=N] [--only] [/extra/path …]`: audits every public
// page with Lighthouse (mobile emulation, simulated throttling) against a
// production build served on a free port with a throw-away database, N times
// each (3 unless told), prints the median of each category score per page and
// the JavaScript sent on the first load of each, and exits non-zero when a page
// misses a target. `--only` audits just the paths given. Also run by
// `npm run bench -- lighthouse`.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { get } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { STARTER, ensureBuild } from "./ensure-build.mjs";
import { SHOP_NODE_FLAGS } from "./runtime/node-runtime.mjs";

/** Every public page (one article stands for all); extra paths given as arguments are added. */
const PAGES = [
  "/",
  "/followers",
  "/likes",
  "/views",
  "/comments",
  "/blog",
  "/blog/grow-instagram-followers-india",
  "/privacy-policy",
  "/terms-of-service",
  "/delivery-policy",
  "/refund-policy",
  "/contact-us",
  "/track",
  // The Hindi storefront (its policy pages share the English pages' bodies).
  "/hi",
  "/hi/followers",
  "/hi/likes",
  "/hi/views",
  "/hi/comments",
  "/hi/contact-us",
  "/hi/track",
  "/hi/privacy-policy",
];

/** SEO is a target only on pages search engines may index: Lighthouse marks a noindex page down by design. */
const TARGETS = { performance: 98, accessibility: 100, "best-practices": 100, seo: 100 };

// The same Chromium flags as the end-to-end tests.
const CHROME_FLAGS = createRequire(import.meta.url)("./chromium-flags.json");

const BUILD_DIR = process.env.BUILD_DIR ?? "build";

/** The production server on a free port and a fresh SQLite file (seeded with the demo catalogue). */
async function startServer(dataDir) {
  const child = spawn(process.execPath, [...SHOP_NODE_FLAGS, STARTER], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      BUILD_DIR,
      DATABASE_URL: `file:${join(dataDir, "shop.db")}`,
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const onData = (chunk) => {
      output += chunk;
      const match = /shop listening on (http:\/\/\S+?)"/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1].replace("localhost", "127.0.0.1"));
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    stop: () =>
      new Promise((resolve) =>
        child.exitCode !== null ? resolve() : (child.once("exit", resolve), child.kill("SIGTERM")),
      ),
  };
}

/**
 * Compressed bytes of every script the page's HTML loads up front (entry, route modules, preloads);
 * not those of a module script sent inert, which runs at the visitor's first intent
 * (ADR 0011; the type is INERT_MODULE_TYPE in app/lib/page-handle.ts).
 */
async function firstLoadScriptBytes(url) {
  const html = (await (await fetch(url)).text()).replace(
    /<script[^>]*type="text\/x-module-on-intent"[^>]*>[\s\S]*?<\/script>/g,
    "",
  );
  const scripts = [...new Set([...html.matchAll(/\/assets\/[\w.-]+\.js/g)].map((m) => m[0]))];
  const sizes = await Promise.all(
    scripts.map(
      (path) =>
        new Promise((resolve, reject) => {
          get(new URL(path, url), { headers: { "accept-encoding": "gzip" } }, (res) => {
            let bytes = 0;
            res.on("data", (chunk) => (bytes += chunk.length));
            res.on("end", () => resolve(bytes));
          }).on("error", reject);
        }),
    ),
  );
  return sizes.reduce((a, b) => a + b, 0);
}

/** True when the page asks search engines not to index it (robots meta tag or X-Robots-Tag header). */
async function isNoindex(url) {
  const res = await fetch(url);
  const html = await res.text();
  const header = res.headers.get("x-robots-tag") ?? "";
  const metas = [...html.matchAll(/<meta[^>]+name="robots"[^>]*>/gi)].map((m) => m[0]);
  return /noindex/i.test(header) || metas.some((m) => /noindex/i.test(m));
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function scriptBytes(lhr) {
  const items = lhr.audits["network-requests"]?.details?.items ?? [];
  return items.filter((r) => r.resourceType === "Script").reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
}

async function main() {
  const started = Date.now();
  const extra = process.argv.slice(2).filter((p) => p.startsWith("/"));
  // Single runs wander by several points, more on a busy machine; the median of three is steadier.
  const runs = Number(/^--runs=(\d+)$/.exec(process.argv.find((a) => a.startsWith("--runs=")) ?? "")?.[1] ?? 3);
  const paths = process.argv.includes("--only") ? [...new Set(extra)] : [...new Set([...PAGES, ...extra])];
  ensureBuild(BUILD_DIR);
  const dataDir = mkdtempSync(join(tmpdir(), "shop-lighthouse-"));
  const server = await startServer(dataDir);
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: CHROME_FLAGS,
  });
  const rows = [];
  try {
    for (const path of paths) {
      const pageStarted = Date.now();
      const lhrs = [];
      for (let run = 0; run < runs; run++) {
        const result = await lighthouse(`${server.url}${path}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: Object.keys(TARGETS),
        });
        lhrs.push(result.lhr);
      }
      const scores = Object.fromEntries(
        Object.keys(TARGETS).map((c) => [c, median(lhrs.map((l) => Math.round((l.categories[c]?.score ?? 0) * 100)))]),
      );
      const lhr =
        lhrs.find((l) => Math.round((l.categories.performance?.score ?? 0) * 100) === scores.performance) ?? lhrs[0];
      // Each failed binary audit once, with its first finding, so that a miss can be acted on without a report file.
      const failing = [
        ...new Map(
          lhrs.flatMap((l) =>
            Object.values(l.audits)
              .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
              .map((a) => [a.id, `${a.id} ${JSON.stringify(a.details?.items?.[0] ?? {}).slice(0, 200)}`]),
          ),
        ).values(),
      ];
      const firstLoad = await firstLoadScriptBytes(`${server.url}${path}`);
      rows.push({
        path,
        noindex: await isNoindex(`${server.url}${path}`),
        ...scores,
        js: firstLoad,
        jsAll: scriptBytes(lhr),
        failing,
        lcp: lhr.audits["largest-contentful-paint"]?.displayValue,
        cls: lhr.audits["cumulative-layout-shift"]?.displayValue,
      });
      // A full run takes minutes: one line per page shows it moving.
      console.log(
        `${path}: ${Object.entries(scores)
          .map(([c, v]) => `${c} ${v}`)
          .join(", ")} (${Math.round((Date.now() - pageStarted) / 1000)} s)`,
      );
    }
  } finally {
    await chrome.kill();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  let missed = false;
  console.log(
    `\n${runs > 1 ? `median of ${runs} runs per page\n` : ""}page                      perf  a11y  best  seo   JS first load / all (gzip)   LCP      CLS`,
  );
  for (const r of rows) {
    const cells = Object.entries(TARGETS).map(([c, target]) => {
      const miss = r[c] < target && !(c === "seo" && r.noindex);
      if (miss) missed = true;
      return `${String(r[c]).padStart(3)}${miss ? "!" : c === "seo" && r.noindex ? "n" : " "}`;
    });
    console.log(
      `${r.path.padEnd(25)} ${cells.join("  ")}  ${`${(r.js / 1024).toFixed(1)} KB / ${(r.jsAll / 1024).toFixed(1)} KB`.padStart(22)}       ${String(r.lcp).padEnd(8)} ${r.cls}`,
    );
    for (const audit of r.failing) console.log(`    failing audit: ${audit}`);
  }
  console.log(
    "JS first load: scripts the HTML loads up front; all: every script Lighthouse saw, including code fetched later (carousel).",
  );
  console.log(
    `\nTargets: performance ≥ ${TARGETS.performance}, accessibility, best practices and SEO = 100 ("!" marks a miss; ` +
      `"n" a noindex page, where SEO is not a target).`,
  );
  const noindex = rows.filter((r) => r.noindex).map((r) => r.path);
  console.log(`noindex pages: ${noindex.length ? noindex.join(", ") : "none"}`);
  console.log(
    `${rows.length} pages × ${runs} run(s) in ${Math.round((Date.now() - started) / 1000)} s: ${missed ? "MISSED" : "met"}`,
  );
  process.exit(missed ? 1 : 0);
}

await main();
