import { type AddressInfo, createServer } from "node:net";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AppServices } from "~/context";
import { testPanelConnection } from "~/domain/panel/info.server";
import { DEMO_PANEL_KEY } from "~/domain/panel/simulator/panel";
import { type RunningSimulator, startPanelSimulator } from "~/domain/panel/simulator/server.server";
import { createSettingsCache, writeSettings } from "~/domain/settings/settings.server";
import { loadConfig } from "../../server/config";
import { freshDatabase, testDatabases } from "../support/databases";
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
    await cleanup?.();
  });

  async function setUp(saved: { panelUrl: string; panelApiKey: string }) {
    const handle = await freshDatabase(kind);
    cleanup = handle.cleanup;
    services = {
      db: handle.db,
      dialect: handle.dialect,
      settings: createSettingsCache(handle.db, 0),
      config: { ...loadConfig({}), PANEL_TIMEOUT_MS: 400 },
      logger,
    };
    await writeSettings(handle.db, saved);
  }

  it("tries the typed URL with the saved key when the key field is empty", async () => {
    await setUp({ panelUrl: "http://panel.invalid/old", panelApiKey: DEMO_PANEL_KEY });
    const result = await testPanelConnection(services, { url: sim.url, apiKey: "" });
    expect(result).toMatchObject({ ok: true, balance: { currency: "INR", balancePaise: 2_500_000 } });
    if (!result.ok) return;
    expect(result.services.find((s) => s.service === "101")).toMatchObject({
      type: "Default",
      rate: "45.00",
      min: 50,
      max: 100000,
    });
  });

  it("says the key is wrong without ever repeating it", async () => {
    await setUp({ panelUrl: "", panelApiKey: "" });
    const typedKey = "typed-secret-key-0123456789";
    const result = await testPanelConnection(services, { url: sim.url, apiKey: typedKey });
    expect(result).toEqual({ ok: false, message: "Invalid API key" });
    expect(JSON.stringify(result)).not.toContain(typedKey);
  });

  it("explains a panel that is down, unreachable or too slow", async () => {
    await setUp({ panelUrl: sim.url, panelApiKey: DEMO_PANEL_KEY });
    sim.panel.setSwitches({ down: true });
    expect(await testPanelConnection(services, {})).toEqual({
      ok: false,
      message: "The SMM panel answered with a web page instead of JSON (HTTP 503)",
    });
    sim.panel.setSwitches({ down: false, latencyMs: 1_000 });
    expect(await testPanelConnection(services, {})).toMatchObject({
      ok: false,
      message: expect.stringMatching(/did not answer within/),
    });
    expect(await testPanelConnection(services, { url: `http://127.0.0.1:${await closedPort()}` })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Could not connect to the SMM panel/),
    });
    expect(await testPanelConnection(services, { url: "ftp://panel.example" })).toEqual({
      ok: false,
      message: "The SMM panel URL is not a valid http(s) address",
    });
  });
});

/** 'Update All Profits' over HTTP: progress lines, then the spec's result. */
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
