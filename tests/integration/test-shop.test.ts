import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "../support/databases";
import { makeOrder } from "../support/orders";
import { type TestShop, startTestShop } from "../support/test-shop";

/**
 * The test shop itself (tests/support/test-shop.ts) and the server's job
 * control it drives (server/job-control.ts): a test runs the background jobs
 * when it wants their effect, instead of sleeping through their interval.
 */
describe.each(testDatabases())("the test shop on $name", (engine) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop({ engine, simulator: true });
  });
  afterAll(async () => shop?.stop());

  it("is signed in, knows the demo plans and runs the demo panel", async () => {
    const me = await fetch(`${shop.url}/api/admin/dashboard`, { headers: { cookie: shop.cookie } });
    expect(me.status).toBe(200);
    expect(shop.planIds["Starter Followers"]).toBeGreaterThan(0);
    expect(shop.simulatorUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await shop.advancePanel(1_000);
  });

  it("runs the jobs only when asked: an overdue checkout expires at once, on the server's clock", async () => {
    const overdue = await makeOrder(shop.db.db, { created_at: Date.now() - 400_000 });
    const open = await makeOrder(shop.db.db);
    const status = async (orderId: string) =>
      (await shop.db.db.selectFrom("orders").select("status").where("order_id", "=", orderId).executeTakeFirstOrThrow())
        .status;
    // JOBS_ENABLED=false: nothing runs on a timer.
    expect(await status(overdue.order_id)).toBe("awaiting_payment");
    await shop.runJobs();
    expect(await status(overdue.order_id)).toBe("expired");
    expect(await status(open.order_id)).toBe("awaiting_payment");
    const audit = await shop.db.db
      .selectFrom("audit_log")
      .select(["action", "actor"])
      .where("target_id", "=", overdue.order_id)
      .execute();
    expect(audit).toEqual([{ action: "order.expire", actor: "system:payment-expiry" }]);
  });

  it("answers nothing but POST /jobs/run, on loopback", async () => {
    const control = /"jobControl":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(shop.server.output())![1]!;
    expect((await fetch(`${control}/jobs/run`)).status).toBe(405);
    expect((await fetch(`${control}/`, { method: "POST" })).status).toBe(404);
    expect((await fetch(`${control}/jobs/run`, { method: "POST" })).status).toBe(204);
  });
});
