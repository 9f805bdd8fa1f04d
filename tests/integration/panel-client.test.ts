import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type PanelConnection,
  addOrder,
  cancelOrders,
  getBalance,
  getServices,
  getStatus,
  getStatuses,
  requestRefill,
} from "~/domain/panel/client.server";
import { DEMO_PANEL_KEY } from "~/domain/panel/simulator/panel";
import { type RunningSimulator, startPanelSimulator } from "~/domain/panel/simulator/server.server";

/** The panel client against the simulator over real HTTP on loopback. */
describe("SMM panel client", () => {
  let sim: RunningSimulator;
  let panel: PanelConnection;

  beforeAll(async () => {
    sim = await startPanelSimulator({ port: 0, pendingMs: 1_000, runMs: 10_000, partialEvery: 0 });
    // The simulator listens on loopback, which only an explicitly allowed connection may reach.
    panel = { url: sim.apiUrl, apiKey: DEMO_PANEL_KEY, timeoutMs: 1_000, allowPrivateAddresses: true };
  });
  afterAll(async () => sim.close());
  afterEach(() => sim.panel.resetSwitches());

  it("lists services and the balance, with numbers as strings or as numbers", async () => {
    for (const numbers of ["string", "number"] as const) {
      sim.panel.setSwitches({ numbers });
      const services = await getServices(panel);
      expect(services.ok && services.value.services.find((s) => s.service === "104")).toMatchObject({
        type: "Default",
        min: 10,
        rate: numbers === "string" ? "300.00" : "300",
      });
      const balance = await getBalance(panel);
      expect(balance).toMatchObject({ ok: true, value: { currency: "INR" } });
    }
  });

  it("places an order and follows it from Pending through In progress to Completed", async () => {
    const added = await addOrder(panel, { service: "101", link: "priya.bakes", quantity: 1000 });
    expect(added.ok).toBe(true);
    const id = added.ok ? added.value : "";
    expect(await getStatus(panel, id)).toMatchObject({
      ok: true,
      value: { status: "pending", remains: 1000, charge: "45.00000", currency: "INR" },
    });
    sim.panel.advanceTime(6_000);
    const running = await getStatus(panel, id);
    expect(running.ok && running.value.status).toBe("in_progress");
    expect(running.ok && running.value.startCount).toBeGreaterThan(0);
    expect(running.ok && running.value.remains).toBeLessThan(1000);
    sim.panel.advanceTime(10_000);
    sim.panel.setSwitches({ numbers: "number", lowerCaseStatus: true });
    expect(await getStatus(panel, id)).toMatchObject({
      ok: true,
      value: { status: "completed", remains: 0, charge: "45" },
    });
    // The panel answers with its own refill id, which the shop then follows with refill_status.
    const refill = await requestRefill(panel, id);
    expect(refill).toEqual({ ok: true, value: expect.stringMatching(/^\d+$/) as string });
    expect(refill.ok && refill.value).not.toBe(id);
  });

  it("reads a batch of statuses with per-order errors", async () => {
    const a = await addOrder(panel, { service: "102", link: "https://www.instagram.com/p/abc/", quantity: 100 });
    const ids = [a.ok ? a.value : "", "999999"];
    const reply = await getStatuses(panel, ids);
    expect(reply.ok).toBe(true);
    if (!reply.ok) return;
    expect(reply.value.get(ids[0]!)).toMatchObject({ ok: true, value: { status: "pending" } });
    expect(reply.value.get("999999")).toEqual({ ok: false, error: "Incorrect order ID" });
    expect(
      (
        await getStatuses(
          panel,
          Array.from({ length: 101 }, (_, i) => String(i)),
        )
      ).ok,
    ).toBe(false);
  });

  it("understands 'Canceled' and 'Cancelled'", async () => {
    for (const spelling of ["Canceled", "Cancelled"] as const) {
      sim.panel.setSwitches({ cancelledSpelling: spelling });
      const added = await addOrder(panel, {
        service: "102",
        link: `https://www.instagram.com/p/${spelling}/`,
        quantity: 100,
      });
      const id = added.ok ? added.value : "";
      const cancelled = await cancelOrders(panel, [id, "424242"]);
      expect(cancelled.ok && cancelled.value.get(id)).toEqual({ ok: true, value: true });
      expect(cancelled.ok && cancelled.value.get("424242")).toEqual({ ok: false, error: "Incorrect order ID" });
      const status = await getStatus(panel, id);
      expect(status).toMatchObject({
        ok: true,
        value: { status: "cancelled", rawStatus: spelling, charge: "0.00000" },
      });
    }
  });

  it.each([
    ["Incorrect request", {}, "refused", "other"],
    ["Invalid API key", { apiKey: "wrong-key-123" }, "unavailable", "account"],
    ["Incorrect service ID", { service: "999" }, "refused", "service"],
    ["Incorrect link", { link: "not a link" }, "refused", "link"],
    ["Quantity less than minimal 200", { service: "103", quantity: 150 }, "refused", "quantity"],
  ])("returns the panel's error '%s' as what it means", async (text, change: Record<string, unknown>, kind, reason) => {
    const connection = { ...panel, apiKey: (change.apiKey as string) ?? panel.apiKey };
    const reply =
      text === "Incorrect request"
        ? await addOrder(connection, { service: "", link: "x", quantity: 100 })
        : await addOrder(connection, {
            service: (change.service as string) ?? "101",
            link: (change.link as string) ?? "priya.bakes",
            quantity: (change.quantity as number) ?? 100,
          });
    expect(reply).toEqual({ ok: false, kind, reason, message: text });
  });

  it("says 'Not enough funds on balance' and 'You have active order with this link…'", async () => {
    const poor = await startPanelSimulator({ port: 0, balance: "10.00", switches: { rejectDuplicateLinks: true } });
    try {
      const conn = { ...panel, url: poor.apiUrl };
      expect(await addOrder(conn, { service: "101", link: "rich", quantity: 1000 })).toMatchObject({
        kind: "unavailable",
        reason: "funds",
        message: "Not enough funds on balance",
      });
      expect(
        (await addOrder(conn, { service: "103", link: "https://www.instagram.com/reel/x/", quantity: 1000 })).ok,
      ).toBe(true);
      expect(
        await addOrder(conn, { service: "103", link: "https://www.instagram.com/reel/x/", quantity: 1000 }),
      ).toMatchObject({
        // Not a refusal of the order: the panel takes it once the earlier one on this link is done.
        kind: "unavailable",
        reason: "busy",
        message: "You have active order with this link. Please wait until order being completed.",
      });
    } finally {
      await poor.close();
    }
  });

  it("treats malformed JSON, a hang-up and a timeout after sending as 'outcome unknown', an error page before the panel as 'unavailable'", async () => {
    sim.panel.setSwitches({ malformed: true });
    expect(await addOrder(panel, { service: "101", link: "a", quantity: 100 })).toMatchObject({
      ok: false,
      kind: "unknown",
      message: "The SMM panel answered with a reply that is not valid JSON (HTTP 200)",
    });
    sim.panel.setSwitches({ malformed: false, down: true });
    expect(await getBalance(panel)).toMatchObject({
      kind: "unavailable",
      reason: "down",
      message: "The SMM panel is down: it answered with a web page instead of JSON (HTTP 503)",
    });
    expect(await addOrder(panel, { service: "101", link: "d", quantity: 100 })).toMatchObject({
      kind: "unavailable",
      reason: "down",
    });
    sim.panel.setSwitches({ down: false, hangUp: true });
    expect(await addOrder(panel, { service: "101", link: "b", quantity: 100 })).toMatchObject({ kind: "unknown" });
    sim.panel.setSwitches({ hangUp: false, latencyMs: 1_500 });
    expect(await addOrder(panel, { service: "101", link: "c", quantity: 100 })).toEqual({
      ok: false,
      kind: "unknown",
      reason: "unknown",
      message: "The SMM panel did not answer within 1 s",
    });
  });

  it("knows a refused connection was never sent", async () => {
    const closed = createServer();
    await new Promise<void>((ok) => closed.listen(0, "127.0.0.1", ok));
    const { port } = closed.address() as AddressInfo;
    await new Promise((ok) => closed.close(ok));
    expect(
      await addOrder({ ...panel, url: `http://127.0.0.1:${port}` }, { service: "101", link: "a", quantity: 100 }),
    ).toEqual({
      ok: false,
      kind: "unavailable",
      reason: "down",
      message: "Could not connect to the SMM panel (ECONNREFUSED)",
    });
    expect(await getBalance({ ...panel, url: "ftp://example.com" })).toMatchObject({
      kind: "unavailable",
      reason: "address",
    });
  });

  it("refuses a panel on this machine unless allowed, and sends it nothing", async () => {
    sim.panel.clearLog();
    const port = new URL(sim.url).port;
    const refused = {
      ok: false,
      kind: "unavailable",
      reason: "address",
      message:
        "The SMM panel's address is a loopback address: the shop only connects to panels on the public internet " +
        "(set PANEL_ALLOW_PRIVATE_ADDRESSES=true for a panel on your own network)",
    };
    for (const url of [
      sim.apiUrl,
      `http://localhost:${port}/api/v2`,
      `http://[::ffff:127.0.0.1]:${port}/api/v2`,
      `http://0x7f.1:${port}/api/v2`,
    ]) {
      const strict = { ...panel, url, allowPrivateAddresses: false };
      expect(await getBalance(strict), url).toEqual(refused);
      expect(await addOrder(strict, { service: "101", link: "a", quantity: 100 }), url).toEqual(refused);
    }
    expect(sim.panel.requests("balance")).toHaveLength(0);
    expect(sim.panel.requests("add")).toHaveLength(0);
    expect(await getBalance({ ...panel, url: "http://169.254.169.254", allowPrivateAddresses: false })).toMatchObject({
      kind: "unavailable",
      message: expect.stringMatching(/^The SMM panel's address is a link-local address/) as unknown,
    });
  });

  it("never puts the API key in a message, even when the panel echoes it", async () => {
    sim.panel.setSwitches({ errors: { balance: `Key ${DEMO_PANEL_KEY} is suspended` } });
    const reply = await getBalance(panel);
    expect(reply).toEqual({ ok: false, kind: "refused", reason: "other", message: "Key •••• is suspended" });
    expect(sim.panel.requests("balance").at(-1)?.params).not.toHaveProperty("key");
  });
});
