import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/database.server";
import { seedDemoDataOnce } from "~/db/seed.server";
import { candidateAmounts } from "~/domain/payments/unique-amount.server";
import { type RunningSimulator, startPanelSimulator } from "~/domain/panel/simulator/server.server";
import { writeSettings } from "~/domain/settings/settings.server";
import { type TestDatabase, testDatabases } from "../support/databases";
import type { ServerProcess } from "../support/server-process";
import { type TestShop, afterJobs, runJobs, signIn, startTestShop } from "../support/test-shop";
import { TEST_ADMIN } from "../support/test-accounts";
import { simulatorSettings } from "../support/services";

/**
 * Crash safety of the real production server: it is killed with SIGKILL (no
 * shutdown hook runs, as on a power cut of the process or an OOM kill) in the
 * middle of work and started again on the same database.
 */

const BURST = 200;
// Enough at once that the server commits checkouts in groups (app/db/group-commit.server.ts) on SQLite.
const IN_FLIGHT = 50;
const PANEL_TIMEOUT_MS = 30_000;

interface Attempt {
  key: string;
  status?: number;
  orderId?: string;
  error?: string;
}

async function until(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

const json = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

describe.each(testDatabases())("crash safety on $name", (kind: TestDatabase) => {
  let shop: TestShop;
  let handle: DatabaseHandle;
  let sim: RunningSimulator;

  beforeAll(async () => {
    sim = await startPanelSimulator({ port: 0, pendingMs: 1_000, runMs: 10_000, partialEvery: 0 });
    shop = await startTestShop({
      engine: kind,
      env: {
        PANEL_TIMEOUT_MS: String(PANEL_TIMEOUT_MS),
        PANEL_SYNC_INTERVAL_MS: "200",
        // The simulator runs in this test process, on loopback.
        PANEL_ALLOW_PRIVATE_ADDRESSES: "true",
      },
      // Seeded, and the panel set, before the server reads them.
      async prepare(db) {
        await seedDemoDataOnce(db.db);
        await writeSettings(db.db, {
          ...simulatorSettings(sim),
          // The operator's Place is what these tests kill mid-flight, not the automatic sender.
          autoSendPaidOrders: false,
        });
      },
    });
    handle = shop.db;
  });
  afterAll(async () => {
    await shop?.stop();
    await sim?.close();
  });

  /** The shop's server, started again when a test before this one left it killed. */
  async function running(): Promise<ServerProcess> {
    if (shop.server.child.exitCode !== null || shop.server.child.signalCode !== null) await shop.restart();
    return shop.server;
  }
  /** The next server on the same database, after `killed` was killed. */
  async function startedAgain(killed: ServerProcess): Promise<ServerProcess> {
    expect(shop.server).toBe(killed);
    await shop.restart();
    return shop.server;
  }

  // Killed at the first answer (the rest of its group may be answered or not, and the next group is being
  // written) and later, mid-burst; each on a plan of its own, so each burst has all 198 unique amounts to give.
  it.each([
    [1, "Basic Followers", 19_900],
    [80, "Starter Followers", 4_900],
  ])(
    "keeps every acknowledged order exactly once through a SIGKILL after %i answers, and retries return it",
    async (KILL_AFTER_ACKS, planName, listedPaise) => {
      const first = await running();
      const plans = (await (await fetch(`${first.url}/api/plans?serviceType=followers`)).json()) as {
        plans: Array<{ _id: string; name: string }>;
      };
      const planId = Number(plans.plans.find((p) => p.name === planName)!._id);
      const run = randomBytes(4).toString("hex");
      const bodyFor = (i: number) => ({
        planId,
        username: `@buyer_${i}`,
        customerName: `Buyer ${i}`,
        customerPhone: `98${String(10_000_000 + i).slice(-8)}`,
        agreedToTerms: true,
        idempotencyKey: `burst-${run}-${String(i).padStart(3, "0")}`,
      });

      // 200 creations, 50 at a time; the server is killed once KILL_AFTER_ACKS have been answered.
      const attempts: Attempt[] = Array.from({ length: BURST }, (_, i) => ({ key: bodyFor(i).idempotencyKey }));
      let next = 0;
      let acks = 0;
      let killed: Promise<unknown> | undefined;
      const worker = async () => {
        while (next < BURST) {
          const i = next++;
          try {
            const res = await json(`${first.url}/api/create-order`, bodyFor(i));
            const body = (await res.json()) as { order?: { orderId: string } };
            attempts[i]!.status = res.status;
            attempts[i]!.orderId = body.order?.orderId;
            if (res.ok && ++acks === KILL_AFTER_ACKS) killed = first.stop("SIGKILL");
          } catch (error) {
            attempts[i]!.error = String((error as Error).cause ?? error);
          }
        }
      };
      await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
      expect((await killed) as { code: number | null }).toMatchObject({ code: null });

      const acknowledged = attempts.filter((a) => a.status !== undefined && a.status >= 200 && a.status < 300);
      const unanswered = attempts.filter((a) => a.status === undefined);
      // Every answer before the kill was a creation; the kill cut the burst short.
      expect(attempts.filter((a) => a.status !== undefined).every((a) => a.status === 201)).toBe(true);
      expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
      expect(unanswered.length).toBeGreaterThan(0);

      const second = await startedAgain(first);
      const stored = async () =>
        handle.db
          .selectFrom("orders")
          .select(["order_id", "idempotency_key", "status", "price_paise"])
          .where("idempotency_key", "like", `burst-${run}-%`)
          .execute();
      const afterCrash = await stored();
      for (const a of acknowledged) {
        const byId = afterCrash.filter((o) => o.order_id === a.orderId);
        const byKey = afterCrash.filter((o) => o.idempotency_key === a.key);
        expect(byId, `order ${a.orderId}`).toHaveLength(1);
        expect(byKey, `key ${a.key}`).toHaveLength(1);
        expect(byId[0]).toMatchObject({ idempotency_key: a.key, status: "awaiting_payment" });
        expect(byId[0]!.price_paise).toBeLessThanOrEqual(listedPaise);
      }
      // Checkouts committed together still got amounts of their own (the listed price once all 198 are taken).
      const reduced = afterCrash.map((o) => o.price_paise).filter((p) => p < listedPaise);
      expect(new Set(reduced).size).toBe(reduced.length);
      expect(reduced.length).toBe(Math.min(afterCrash.length, candidateAmounts(listedPaise).length));
      // Orders the kill cut off before their answer may or may not exist, but never twice.
      expect(new Set(afterCrash.map((o) => o.idempotency_key)).size).toBe(afterCrash.length);
      expect(afterCrash.length).toBeLessThanOrEqual(BURST);

      // The buyer's retry with the same key gets the same order back, nothing new.
      for (const a of acknowledged) {
        const i = attempts.indexOf(a);
        const res = await json(`${second.url}/api/create-order`, bodyFor(i));
        expect(res.status, a.key).toBe(200);
        expect(((await res.json()) as { order: { orderId: string } }).order.orderId).toBe(a.orderId);
      }
      expect(await stored()).toHaveLength(afterCrash.length);

      // Retrying the unanswered ones ends with exactly one order per key.
      for (const a of unanswered) {
        const res = await json(`${second.url}/api/create-order`, bodyFor(attempts.indexOf(a)));
        const existed = afterCrash.some((o) => o.idempotency_key === a.key);
        expect(res.status, a.key).toBe(existed ? 200 : 201);
      }
      const finalRows = await stored();
      expect(finalRows).toHaveLength(BURST);
      expect(new Set(finalRows.map((o) => o.idempotency_key)).size).toBe(BURST);
    },
    120_000,
  );

  describe("Place Order in flight", () => {
    const admin = TEST_ADMIN;

    const reload = (orderId: string) =>
      handle.db.selectFrom("orders").selectAll().where("order_id", "=", orderId).executeTakeFirstOrThrow();
    // Followers orders send the profile's full address as the panel's link.
    const addsFor = (username: string) =>
      sim.panel.requests("add").filter((r) => r.params.link === `https://www.instagram.com/${username}/`).length;

    async function paidOrder(server: ServerProcess, cookie: string, username: string) {
      const plan = await handle.db
        .selectFrom("plans")
        .select("id")
        .where("name", "=", "Starter Followers")
        .executeTakeFirstOrThrow();
      const res = await json(`${server.url}/api/create-order`, {
        planId: plan.id,
        username,
        customerName: "Priya",
        customerPhone: "9876543210",
        agreedToTerms: true,
      });
      expect(res.status).toBe(201);
      const { order } = (await res.json()) as { order: { orderId: string } };
      const utr = String(100_000_000_000 + Math.floor(Math.random() * 899_999_999_999));
      expect((await json(`${server.url}/api/orders/${order.orderId}/utr`, { utr })).status).toBe(200);
      const confirmed = await act(server, cookie, order.orderId, "confirm-payment");
      expect(await confirmed.json()).toMatchObject({ success: true, order: { status: "paid" } });
      return order.orderId;
    }

    const act = (server: ServerProcess, cookie: string, orderId: string, action: string) =>
      fetch(`${server.url}/api/admin/orders/${orderId}/${action}`, {
        method: "POST",
        headers: { cookie, origin: server.url },
      });

    it("never sends an order twice when the server dies while the panel holds its answer", async () => {
      sim.panel.resetSwitches();
      sim.panel.clearLog();
      const first = await running();
      const cookie = await signIn(first.url, admin.username, admin.password);
      const orderId = await paidOrder(first, cookie, "crash.while.placing");

      // The panel takes the order at once but answers only after a minute.
      sim.panel.setSwitches({ latencyMs: 60_000 });
      const place = act(first, cookie, orderId, "place").catch((error: Error) => error);
      await until(() => addsFor("crash.while.placing") === 1, "the panel to receive the add");
      expect((await first.stop("SIGKILL")).code).toBeNull();
      expect(await place).toBeInstanceOf(Error);
      sim.panel.resetSwitches();

      // The claim survived the crash: the order is marked as being sent, with no panel id.
      expect(await reload(orderId)).toMatchObject({ status: "sending", panel_order_id: null });

      const second = await startedAgain(first);
      // The session is server-side and survives the restart.
      const sending = { success: false, message: "This order is being sent to the SMM panel right now" };
      const again = await act(second, cookie, orderId, "place");
      expect(again.status).toBe(409);
      expect(await again.json()).toMatchObject(sending);
      for (const action of ["retry", "cancel"]) {
        const refused = await act(second, cookie, orderId, action);
        expect(refused.status, action).toBe(409);
        expect(await refused.json(), action).toMatchObject(sending);
      }
      expect(addsFor("crash.while.placing")).toBe(1);

      // Once the longest possible send is over (PANEL_TIMEOUT_MS plus a minute, here moved back
      // rather than waited for), the sync job marks the order for checking instead of resending it.
      await handle.db
        .updateTable("orders")
        .set({ updated_at: Date.now() - PANEL_TIMEOUT_MS - 61_000 })
        .where("order_id", "=", orderId)
        .execute();
      await afterJobs(
        second,
        "the sync job to mark the order",
        async () => (await reload(orderId)).status === "placement_unknown",
      );
      const marked = await reload(orderId);
      expect(marked).toMatchObject({ status: "placement_unknown", panel_order_id: null });
      expect(marked.panel_error).toBe(
        "Not sure whether the SMM panel placed this order: the shop stopped while waiting for the panel's answer. " +
          "It was not sent again; check the panel's orders for this link before sending it again.",
      );
      const details = (await (
        await fetch(`${second.url}/api/admin/orders/${orderId}`, { headers: { cookie } })
      ).json()) as {
        order: { status: string; smmPanel: { orderId: string | null; error: string | null } };
      };
      expect(details.order).toMatchObject({
        status: "placement_unknown",
        smmPanel: { orderId: null, error: marked.panel_error },
      });

      // Place, and Retry without the operator's word that they checked the panel, are refused while it waits
      // for checking; only a Retry with that confirmation would send it again.
      for (const action of ["place", "retry"]) {
        const refused = await act(second, cookie, orderId, action);
        expect(refused.status).toBe(409);
        expect(await refused.json()).toMatchObject({
          success: false,
          message:
            "The SMM panel may already have this order. Look for it in the panel's order list first, then confirm it is not there to send it again.",
        });
      }
      // The sync job keeps running (every ~0.2 s here, and twice more on request) and leaves it alone:
      // no add, no status call.
      await runJobs(second);
      await runJobs(second);
      expect(addsFor("crash.while.placing")).toBe(1);
      expect(sim.panel.count("status")).toBe(0);
      expect(await reload(orderId)).toMatchObject({ status: "placement_unknown" });
    }, 90_000);

    it("keeps a placement the panel confirmed through a SIGKILL, and the sync job follows it", async () => {
      sim.panel.resetSwitches();
      const first = await running();
      const cookie = await signIn(first.url, admin.username, admin.password);
      const orderId = await paidOrder(first, cookie, "crash.after.placing");
      const placed = await act(first, cookie, orderId, "place");
      expect(await placed.json()).toMatchObject({
        success: true,
        message: "Order sent to the SMM panel",
        order: { status: "sent" },
      });
      expect((await first.stop("SIGKILL")).code).toBeNull();

      const row = await reload(orderId);
      expect(row).toMatchObject({ status: "sent", panel_status: "pending" });
      expect(sim.panel.order(row.panel_order_id!)).toBeDefined();

      const second = await startedAgain(first);
      const again = await act(second, cookie, orderId, "place");
      expect(again.status).toBe(409);
      expect(((await again.json()) as { message: string }).message).toBe(
        `This order is already at the SMM panel (order ${row.panel_order_id})`,
      );
      // The restarted server's sync job picks the placed order up from the database.
      sim.panel.advanceTime(20_000);
      await afterJobs(
        second,
        "the sync job to record the panel's status",
        async () => (await reload(orderId)).panel_status === "completed",
      );
      expect(await reload(orderId)).toMatchObject({ status: "delivered", panel_remains: 0 });
      expect(addsFor("crash.after.placing")).toBe(1);
    }, 90_000);
  });
});
