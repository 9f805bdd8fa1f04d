import { createServer as createHttpServer } from "node:http";
import { type AddressInfo, createServer } from "node:net";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AppServices } from "~/context";
import { type DatabaseHandle, openDatabase } from "~/db/database.server";
import { RETYPE_KEY_MESSAGE, testPanelConnection } from "~/domain/panel/info.server";
import { DEMO_PANEL_KEY } from "~/domain/panel/simulator/panel";
import { findDefaultPanel } from "~/domain/panel/panels.repository.server";
import { type RunningSimulator, startPanelSimulator } from "~/domain/panel/simulator/server.server";
import { createSettingsCache, readSiteSettings, writeSettings } from "~/domain/settings/settings.server";
import { loadConfig } from "../../app/lib/server/config.server";
import { freshDatabase, testDatabases } from "../support/databases";
import { startPanelDouble } from "../support/panel-doubles";
import { type ServerProcess, spawnServer } from "../support/server-process";

const logger = pino({ level: "silent" });

/** A loopback port nothing listens on (just freed). */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((ok) => probe.listen(0, "127.0.0.1", ok));
  const { port } = probe.address() as AddressInfo;
  await new Promise((done) => probe.close(done));
  return port;
}

const OWNER = { name: "owner", client: { ip: "203.0.113.7", userAgent: "Mozilla/5.0 (test)" } };

/** 'Test connection' on the settings page: the typed URL and key, tried against the simulator over HTTP. */
describe.each(testDatabases())("panel 'Test connection' on $name", (kind) => {
  let sim: RunningSimulator;
  let services: AppServices;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    sim = await startPanelSimulator({ port: 0 });
  });
  afterAll(async () => sim.close());
  afterEach(async () => {
    sim.panel.resetSwitches();
    sim.panel.clearLog();
    await cleanup?.();
  });

  async function setUp(saved: { panelUrl: string; panelApiKey: string }, env: Record<string, string> = {}) {
    const handle = await freshDatabase(kind);
    cleanup = handle.cleanup;
    services = {
      db: handle.db,
      dialect: handle.dialect,
      settings: createSettingsCache(handle.db, 0),
      // The simulator listens on loopback, which the shop refuses unless told otherwise.
      config: { ...loadConfig({ PANEL_ALLOW_PRIVATE_ADDRESSES: "true", ...env }), PANEL_TIMEOUT_MS: 400 },
      logger,
    };
    await writeSettings(handle.db, saved);
  }

  const audited = () =>
    services.db
      .selectFrom("audit_log")
      .select(["actor", "action", "target_type", "target_id", "details", "client_ip", "user_agent"])
      .orderBy("id")
      .execute();

  it("sends the saved key only to the saved URL: another URL needs its key typed again", async () => {
    await setUp({ panelUrl: "https://panel.example/old", panelApiKey: DEMO_PANEL_KEY });
    const result = await testPanelConnection(services, OWNER, { url: sim.url, apiKey: "" });
    expect(result).toEqual({ ok: false, code: "INVALID_INPUT", message: RETYPE_KEY_MESSAGE, field: "panelApiKey" });
    expect(sim.panel.requests()).toHaveLength(0);

    await writeSettings(services.db, { panelUrl: sim.apiUrl });
    // The saved URL, typed again or left empty, is the saved URL; another path on the same host is not.
    expect(await testPanelConnection(services, OWNER, { url: sim.url, apiKey: "" })).toMatchObject({
      message: RETYPE_KEY_MESSAGE,
    });
    for (const url of ["", sim.apiUrl, ` ${sim.apiUrl} `]) {
      const saved = await testPanelConnection(services, OWNER, { url, apiKey: "" });
      expect(saved).toMatchObject({ ok: true, balance: { currency: "INR", balancePaise: 2_500_000 } });
      if (!saved.ok) return;
      expect(saved.services.find((s) => s.service === "101")).toMatchObject({
        type: "Default",
        rate: "45.00",
        min: 50,
        max: 100000,
      });
    }
  });

  it("says the key is wrong without ever repeating it", async () => {
    await setUp({ panelUrl: "", panelApiKey: "" });
    const typedKey = "typed-secret-key-0123456789";
    const result = await testPanelConnection(services, OWNER, { url: sim.apiUrl, apiKey: typedKey });
    expect(result).toEqual({ ok: false, code: "UPSTREAM_FAILED", message: "Invalid API key" });
    expect(JSON.stringify(result)).not.toContain(typedKey);
    expect(JSON.stringify(await audited())).not.toContain(typedKey);
  });

  it("refuses a panel on this machine unless PANEL_ALLOW_PRIVATE_ADDRESSES is set, and sends nothing", async () => {
    await setUp({ panelUrl: sim.apiUrl, panelApiKey: DEMO_PANEL_KEY }, { PANEL_ALLOW_PRIVATE_ADDRESSES: "false" });
    const refused = {
      ok: false,
      code: "UPSTREAM_FAILED",
      message:
        "The SMM panel's address is a loopback address: the shop only connects to panels on the public internet " +
        "(set PANEL_ALLOW_PRIVATE_ADDRESSES=true for a panel on your own network)",
    };
    expect(await testPanelConnection(services, OWNER, {})).toEqual(refused);
    // A name is checked on the address it resolves to, when the connection is made.
    const byName = `http://localhost:${new URL(sim.url).port}/api/v2`;
    expect(await testPanelConnection(services, OWNER, { url: byName, apiKey: "typed-key-0123456789" })).toEqual(
      refused,
    );
    expect(sim.panel.requests()).toHaveLength(0);
  });

  it("explains a panel that is down, unreachable or too slow", async () => {
    await setUp({ panelUrl: sim.apiUrl, panelApiKey: DEMO_PANEL_KEY });
    sim.panel.setSwitches({ down: true });
    expect(await testPanelConnection(services, OWNER, {})).toEqual({
      ok: false,
      code: "UPSTREAM_FAILED",
      message: "The SMM panel is down: it answered with a web page instead of JSON (HTTP 503)",
    });
    sim.panel.setSwitches({ down: false, latencyMs: 1_000 });
    expect(await testPanelConnection(services, OWNER, {})).toMatchObject({
      ok: false,
      message: expect.stringMatching(/did not answer within/) as unknown,
    });
    const closed = `http://127.0.0.1:${await closedPort()}`;
    expect(await testPanelConnection(services, OWNER, { url: closed, apiKey: "typed-key-0123456789" })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Could not connect to the SMM panel/) as unknown,
    });
    expect(
      await testPanelConnection(services, OWNER, { url: "ftp://panel.example", apiKey: "typed-key-0123" }),
    ).toEqual({ ok: false, code: "UPSTREAM_FAILED", message: "The SMM panel URL is not a valid http(s) address" });
  });

  it.each([
    ["smartpanel", "/api/v2", "/api/v1"],
    ["smartpanel", "", "/api/v1"],
    ["perfectpanel", "", "/api/v2"],
    ["indian", "/api/v1", "/api/v2"],
  ] as const)(
    "offers the %s panel's API address for a pasted '%s' that is not it, and changes nothing",
    async (dialect, pasted, suggested) => {
      const panel = await startPanelDouble(dialect);
      try {
        await setUp({ panelUrl: "", panelApiKey: "" });
        const result = await testPanelConnection(services, OWNER, {
          url: `${panel.origin}${pasted}`,
          apiKey: panel.apiKey,
        });
        expect(result).toMatchObject({
          ok: false,
          code: "UPSTREAM_FAILED",
          suggestion: {
            url: `${panel.origin}${suggested}`,
            message: `The panel's API answers at ${panel.origin}${suggested}. Use that address? (Nothing is changed until you save.)`,
          },
        });
        // The suggestion was found by asking for the balance only; nothing was saved or placed.
        expect(new Set(panel.calls.map((c) => c.action))).toEqual(new Set(["balance", "services"]));
        expect((await readSiteSettings(services.db)).panelUrl).toBe("");
        // The suggested address, tested, works.
        expect(
          await testPanelConnection(services, OWNER, { url: `${panel.origin}${suggested}`, apiKey: panel.apiKey }),
        ).toMatchObject({ ok: true, balance: { currency: panel.currency } });
      } finally {
        await panel.close();
      }
    },
  );

  it("lists what it could not use in a services list, and still connects", async () => {
    const panel = await startPanelDouble("perfectpanel");
    try {
      await setUp({ panelUrl: "", panelApiKey: "" });
      panel.setServiceList("malformed");
      const result = await testPanelConnection(services, OWNER, { url: panel.apiUrl, apiKey: panel.apiKey });
      expect(result).toMatchObject({
        ok: true,
        problems: expect.arrayContaining(["3 entries without a service id were left out"]) as string[],
      });
      panel.setServiceList("html");
      expect(await testPanelConnection(services, OWNER, { url: panel.apiUrl, apiKey: panel.apiKey })).toMatchObject({
        ok: false,
        message: "The SMM panel answered with a web page instead of JSON (HTTP 200)",
      });
    } finally {
      await panel.close();
    }
  });

  it("audits every test: where it went, which key, how it ended, and from which client", async () => {
    await setUp({ panelUrl: sim.apiUrl, panelApiKey: DEMO_PANEL_KEY });
    await testPanelConnection(services, OWNER, {});
    await testPanelConnection(services, OWNER, { url: "https://elsewhere.example/panel", apiKey: "" });
    const host = new URL(sim.url).host;
    const rows = await audited();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      actor: "owner",
      action: "panel.test",
      target_type: "panel",
      target_id: host,
      client_ip: "203.0.113.7",
      user_agent: "Mozilla/5.0 (test)",
    });
    expect(JSON.parse(rows[0]!.details!)).toEqual({ host, key: "saved", outcome: "connected, 5 services" });
    expect(rows[1]).toMatchObject({ target_id: "elsewhere.example", client_ip: "203.0.113.7" });
    expect(JSON.parse(rows[1]!.details!)).toEqual({
      host: "elsewhere.example",
      key: "saved",
      outcome: `failed: ${RETYPE_KEY_MESSAGE}`,
    });
    expect(JSON.stringify(rows)).not.toContain(DEMO_PANEL_KEY);
  });
});

/**
 * 'Test connection' through the real server and the Panels page's action: the
 * demo simulator works out of the box, any other address on this machine is
 * refused before anything is sent, and each test is audited with the client.
 */
describe.each(testDatabases())("'Test connection' over HTTP on $name", (kind) => {
  let server: ServerProcess;
  let drop: () => Promise<void>;
  let handle: DatabaseHandle;
  let cookie = "";
  const internal: string[] = [];
  // Stands for an internal service on this machine that answers JSON errors.
  const double = createHttpServer((req, res) => {
    internal.push(`${req.method} ${req.url}`);
    res.writeHead(400, { "content-type": "application/json" }).end('{"error":"internal service says hello"}');
  });

  beforeAll(async () => {
    await new Promise<void>((ok) => double.listen(0, "127.0.0.1", ok));
    const db = await kind.create();
    drop = db.drop;
    handle = openDatabase(db.target);
    server = await spawnServer({
      DATABASE_URL: db.target.kind === "postgres" ? db.target.url : `file:${db.target.file}`,
      PANEL_SIMULATOR: "true",
      PANEL_SIMULATOR_PORT: "0",
      JOBS_ENABLED: "false",
      ADMIN_USERNAME: "owner",
      ADMIN_PASSWORD: "correct-horse-battery",
      BUILD_DIR: process.env.BUILD_DIR ?? "build",
    });
    const res = await fetch(`${server.url}/admin/login.data`, {
      method: "POST",
      body: new URLSearchParams({ username: "owner", password: "correct-horse-battery" }),
      headers: { origin: server.url },
      redirect: "manual",
    });
    cookie = (res.headers.get("set-cookie") ?? "").split(";")[0]!;
  });
  afterAll(async () => {
    await server?.stop();
    await handle?.close();
    await drop?.();
    await new Promise((done) => double.close(done));
  });

  /** An empty URL and key: the saved panel's (the default one, the demo simulator here). */
  const test = async (apiUrl: string, apiKey = "") => {
    const panel = await findDefaultPanel(handle.db);
    const res = await fetch(`${server.url}/admin/panels.data`, {
      method: "POST",
      body: new URLSearchParams({ intent: "test", id: String(panel!.id), apiUrl, apiKey }),
      headers: { cookie, origin: server.url, "user-agent": "panel-test-browser/2.0" },
    });
    expect(res.status).toBe(200);
    return res.text();
  };

  it("connects to the demo simulator, refuses another local address, and audits both", async () => {
    const demo = await test("");
    // The answer counts the services it stored; the list itself is searched on demand (issue 47 point 7).
    expect(demo).toContain('"Connected"');
    expect(demo).toMatch(/"servicesCount",5\b/);
    expect(demo).not.toContain("Connection failed");

    const port = (double.address() as AddressInfo).port;
    for (const url of [`http://127.0.0.1:${port}`, `http://localhost:${port}/x`]) {
      const refused = await test(url, "typed-key-0123456789");
      expect(refused).toContain("The SMM panel's address is a loopback address");
      expect(refused).not.toContain("internal service says hello");
    }
    expect(internal).toEqual([]);

    const audit = await handle.db
      .selectFrom("audit_log")
      .select(["actor", "target_id", "details", "client_ip", "user_agent"])
      .where("action", "=", "panel.test")
      .orderBy("id")
      .execute();
    expect(audit.map((a) => a.target_id)).toEqual([
      expect.stringMatching(/^127\.0\.0\.1:\d+$/),
      `127.0.0.1:${port}`,
      `localhost:${port}`,
    ]);
    for (const entry of audit) {
      expect(entry).toMatchObject({ actor: "owner", client_ip: "127.0.0.1", user_agent: "panel-test-browser/2.0" });
    }
    expect(JSON.parse(audit[0]!.details!)).toMatchObject({ key: "saved", outcome: "connected, 5 services" });
    expect(JSON.parse(audit[1]!.details!)).toMatchObject({
      key: "typed",
      outcome: expect.stringMatching(/^failed: The SMM panel's address is a loopback address/) as unknown,
    });
  });
});

/** 'Update All Profits' over HTTP: progress lines, then the result the operator is shown. */
describe.each(testDatabases())("POST /api/admin/panel/update-profits on $name", (kind) => {
  let server: ServerProcess;
  let drop: () => Promise<void>;
  let cookie = "";

  beforeAll(async () => {
    const db = await kind.create();
    drop = db.drop;
    server = await spawnServer({
      DATABASE_URL: db.target.kind === "postgres" ? db.target.url : `file:${db.target.file}`,
      PANEL_SIMULATOR: "true",
      PANEL_SIMULATOR_PORT: "0",
      JOBS_ENABLED: "false",
      ADMIN_USERNAME: "owner",
      ADMIN_PASSWORD: "correct-horse-battery",
      BUILD_DIR: process.env.BUILD_DIR ?? "build",
    });
    const res = await fetch(`${server.url}/admin/login.data`, {
      method: "POST",
      body: new URLSearchParams({ username: "owner", password: "correct-horse-battery" }),
      headers: { origin: server.url },
      redirect: "manual",
    });
    cookie = (res.headers.get("set-cookie") ?? "").split(";")[0]!;
  });
  afterAll(async () => {
    await server?.stop();
    await drop?.();
  });

  it("needs an admin session and a same-site request", async () => {
    expect(
      (await fetch(`${server.url}/api/admin/panel/update-profits`, { method: "POST", headers: { origin: server.url } }))
        .status,
    ).toBe(401);
    const crossSite = await fetch(`${server.url}/api/admin/panel/update-profits`, {
      method: "POST",
      headers: { cookie, origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
  });

  it("answers 'No orders need profit update' when nothing is placed", async () => {
    const res = await fetch(`${server.url}/api/admin/panel/update-profits`, {
      method: "POST",
      headers: { cookie, origin: server.url },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/application\/x-ndjson/);
    const lines = (await res.text())
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.at(-1)).toEqual({ success: true, updated: 0, failed: 0, message: "No orders need profit update" });
  });
});
