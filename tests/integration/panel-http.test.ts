import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServerProcess } from "../support/server-process";
import { type TestShop, startTestShop } from "../support/test-shop";
import { testDatabases } from "../support/databases";

/**
 * The real server with the demo panel simulator (PANEL_SIMULATOR=true, as
 * `npm start` sets it): the seeded settings point at the simulator, and the
 * admin panel API lists its services and balance.
 */
describe.each(testDatabases())("panel admin API over HTTP on $name", (kind) => {
  let shop: TestShop;
  let server: ServerProcess;
  let cookie = "";

  beforeAll(async () => {
    shop = await startTestShop({ engine: kind, simulator: true, jobs: "running" });
    ({ server, cookie } = shop);
  });
  afterAll(async () => {
    const stopped = await server?.stop();
    expect(stopped?.code).toBe(0);
    await shop?.stop();
  });

  it("refuses the panel API without an admin session", async () => {
    const res = await fetch(`${server.url}/api/admin/panel/balance`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ success: false, message: "Authentication required" });
  });

  it("lists the simulator's services and balance for the signed-in admin", async () => {
    expect(cookie).not.toBe("");
    const services = await fetch(`${server.url}/api/admin/panel/services`, { headers: { cookie } });
    expect(services.status).toBe(200);
    const body = (await services.json()) as { success: boolean; services: { service: string; name: string }[] };
    expect(body.success).toBe(true);
    expect(body.services.map((s) => s.service)).toEqual(expect.arrayContaining(["101", "102", "103", "104"]));

    const balance = await fetch(`${server.url}/api/admin/panel/balance`, { headers: { cookie } });
    expect(await balance.json()).toMatchObject({ success: true, currency: "INR", balancePaise: 2_500_000 });
    expect(server.output()).toContain("PANEL_SIMULATOR is on");
    expect(server.output()).not.toContain("DEMO-SIMULATOR-KEY");
  });
});
