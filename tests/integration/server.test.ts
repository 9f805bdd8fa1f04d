import { execFileSync } from "node:child_process";
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { majorOf, pinnedNodeVersion } from "../../scripts/runtime/node-runtime.mjs";
import { cspScriptHashes, runnableInlineScripts, sha256Sources } from "../support/csp";
import { sqliteDatabase, testDatabases } from "../support/databases";
import { type ServerProcess, runServerExpectingExit } from "../support/server-process";
import { SHIPPED_SHUTDOWN_TIMEOUT, type TestShop, startTestShop } from "../support/test-shop";

const READINESS_TOKEN = "server-test-readiness-token-0123456789";

describe("configuration", () => {
  it("stops start-up with a clear message when PORT is not a number", async () => {
    const { code, output } = await runServerExpectingExit({ PORT: "abc" });
    expect(code).not.toBe(0);
    expect(output).toContain('PORT="abc": expected a whole number from 0 to 65535');
  });

  it("names the database variable when it is malformed", async () => {
    const { code, output } = await runServerExpectingExit({ DATABASE_URL: "mysql://x" });
    expect(code).not.toBe(0);
    expect(output).toContain("DATABASE_URL");
  });
});

describe("the Node.js it runs on", () => {
  // npm names the Node.js that runs npm itself in NODE (Node 20 on a fresh machine); its scripts run the pinned one.
  const npmsNode = process.env.NODE;
  const otherLine =
    npmsNode && majorOf(execFileSync(npmsNode, ["--version"], { encoding: "utf8" })) !== majorOf(pinnedNodeVersion());

  it.skipIf(!otherLine)("refuses another major line of Node.js, saying what to run instead", async () => {
    const { code, output } = await runServerExpectingExit({}, npmsNode);
    expect(code).toBe(1);
    expect(output).toContain(`The shop runs on Node.js ${majorOf(pinnedNodeVersion())} LTS (${pinnedNodeVersion()})`);
    expect(output).toContain("node_modules/.bin/node server.js");
    expect(output).not.toContain("shop listening");
  });
});

describe.each(testDatabases())("server on $name", (kind) => {
  let shop: TestShop;
  let server: ServerProcess;

  beforeAll(async () => {
    // Behind a proxy, but answering plain HTTP so the headers of both transports can be compared.
    shop = await startTestShop({
      engine: kind,
      admin: false,
      jobs: "running",
      env: { TRUST_PROXY: "1", HTTPS_REDIRECT: "false", READINESS_TOKEN },
    });
    server = shop.server;
  });
  afterAll(async () => {
    await shop?.stop();
  });

  it("runs on the pinned Node.js and says so when it starts and in /readyz", async () => {
    const pinned = `v${pinnedNodeVersion()}`;
    expect(server.output()).toMatch(new RegExp(`"node":"${pinned}".*"msg":"shop listening on`));
    // Behind TRUST_PROXY /readyz tells its facts only to the token (security round 4, finding 2).
    const readiness = (await (
      await fetch(`${server.url}/readyz`, { headers: { authorization: `Bearer ${READINESS_TOKEN}` } })
    ).json()) as { node: string };
    expect(readiness.node).toBe(pinned);
  });

  it("answers /healthz after checking the database", async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("serves the seeded home page with the security headers and a CSP with no inline script to allow", async () => {
    const res = await fetch(`${server.url}/`, { headers: { "accept-encoding": "gzip" } });
    expect(res.status).toBe(200);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).not.toContain("'nonce-");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("strict-transport-security")).toBeNull();
    expect(res.headers.get("content-encoding")).toBe("gzip");

    const html = await res.text();
    // A static page (ADR 0010): its one script is a file of the shop's own, so there is no inline script to hash.
    expect(runnableInlineScripts(html)).toEqual([]);
    expect(cspScriptHashes(csp)).toEqual([]);
    expect(csp).toMatch(/script-src 'self'[ ;]/);
    expect(html).toMatch(/<script type="module" src="\/assets\/islands-[\w-]+\.js"/);
    expect(html).toMatch(/from ₹\d/);
  });

  it("serves a cached service page with a CSP naming exactly its inline scripts' hashes", async () => {
    const res = await fetch(`${server.url}/followers`);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).not.toContain("'nonce-");
    const scripts = runnableInlineScripts(await res.text());
    expect(scripts.length).toBeGreaterThan(0);
    expect(cspScriptHashes(csp).sort(), "the CSP allows exactly the page's inline scripts").toEqual(
      sha256Sources(scripts).sort(),
    );
  });

  it("keeps a fresh nonce on pages rendered per request", async () => {
    const [first, second] = await Promise.all([1, 2].map(() => fetch(`${server.url}/checkout`)));
    const nonces = [first!, second!].map(
      (r) => /'nonce-([^']+)'/.exec(r.headers.get("content-security-policy") ?? "")?.[1],
    );
    expect(nonces[0]).toBeTruthy();
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it("sends HSTS only when the request came over HTTPS through the proxy", async () => {
    const res = await fetch(`${server.url}/healthz`, { headers: { "x-forwarded-proto": "https" } });
    expect(res.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
  });

  it("caches fingerprinted assets for a year", async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const res = await fetch(`${server.url}${asset}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("answers an unknown path with 404", async () => {
    const res = await fetch(`${server.url}/definitely-not-here`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Oops! Page not found");
  });

  it("ships no debug page that would print configuration", async () => {
    const res = await fetch(`${server.url}/test-env`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toMatch(/DATABASE_URL|ADMIN_/);
  });
});

describe("graceful shutdown", () => {
  it("finishes the request in flight and exits 0 within 5 s of SIGTERM", async () => {
    // Its jobs run on their own, as a real shop's do: the stop must end them too.
    const shop = await startTestShop({ engine: sqliteDatabase, jobs: "running", env: SHIPPED_SHUTDOWN_TIMEOUT });
    const { server } = shop;
    try {
      // A keep-alive connection left idle must not hold the server open.
      const agentRes = await fetch(`${server.url}/healthz`);
      expect(agentRes.status).toBe(200);

      // The request is in flight once the server has read its headers: Node answers "100 Continue" at
      // that moment, before the handler runs. A fixed pause instead lost the race on a busy machine
      // (the connection still in the accept queue when the listener closed: ECONNRESET).
      let accepted!: () => void;
      const headersRead = new Promise<void>((resolve) => (accepted = resolve));
      const req = request(`${server.url}/`, { headers: { expect: "100-continue" } });
      const inFlight = new Promise<number>((resolve, reject) => {
        req.on("continue", accepted);
        req.on("response", (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        });
        req.on("error", reject);
      });
      req.flushHeaders();
      await headersRead;
      const stopped = server.stop("SIGTERM");
      req.end();
      expect(await inFlight).toBe(200);
      const { code, ms } = await stopped;
      expect(code).toBe(0);
      expect(ms).toBeLessThan(5000);
      expect(server.output()).toContain("stopped");
    } finally {
      await shop.stop();
    }
  });
});
