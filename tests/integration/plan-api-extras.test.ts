import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/database.server";
import { DRIP_MESSAGES } from "~/domain/plans/plan-form";
import { testDatabases } from "../support/databases";
import type { ServerProcess } from "../support/server-process";
import { type TestShop, startTestShop } from "../support/test-shop";

/**
 * PUT /api/admin/plans/{id} from a client that knows nothing of refill
 * guarantees and drip-feed: the plan keeps its own, and a change that would
 * break its drip-feed is refused with nothing changed.
 */
describe.each(testDatabases())("plan updates through the admin API on $name", (kind) => {
  let shop: TestShop;
  let server: ServerProcess;
  let handle: DatabaseHandle;
  let cookie = "";

  beforeAll(async () => {
    shop = await startTestShop({ engine: kind, jobs: "off" });
    ({ server, cookie, db: handle } = shop);
  });
  afterAll(async () => shop?.stop());

  async function plan(values: { service_type: "followers" | "likes"; refill_days: number; drip_runs: number }) {
    const now = Date.now();
    const row = await handle.db
      .insertInto("plans")
      .values({
        name: `${values.service_type} plan`,
        quantity: 600,
        price_paise: 19_900,
        tag: null,
        is_enabled: 1,
        drip_interval_minutes: values.drip_runs ? 30 : 0,
        created_at: now,
        updated_at: now,
        ...values,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const put = (id: number, body: unknown) =>
    fetch(`${server.url}/api/admin/plans/${id}`, {
      method: "PUT",
      headers: { cookie, origin: server.url, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const row = (id: number) => handle.db.selectFrom("plans").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  it("keeps the refill guarantee and the drip-feed an update leaves out", async () => {
    const followers = await plan({ service_type: "followers", refill_days: 30, drip_runs: 0 });
    const res = await put(followers, { name: "Renamed", amount: 600, price: 249, tags: [] });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { plan: { name: string; refillDays: number } };
    expect(body.plan).toMatchObject({ name: "Renamed", refillDays: 30 });
    expect(await row(followers)).toMatchObject({ name: "Renamed", price_paise: 24_900, refill_days: 30 });

    const likes = await plan({ service_type: "likes", refill_days: 0, drip_runs: 3 });
    expect((await put(likes, { name: "Slow likes", amount: 900, price: 199, tags: [] })).status).toBe(200);
    expect(await row(likes)).toMatchObject({ quantity: 900, drip_runs: 3, drip_interval_minutes: 30 });

    // Named, they change: 0 ends the guarantee.
    expect((await put(followers, { name: "Renamed", amount: 600, price: 249, tags: [], refillDays: 0 })).status).toBe(
      200,
    );
    expect((await row(followers)).refill_days).toBe(0);
  });

  it("refuses a quantity the kept drip-feed cannot split evenly, changing nothing", async () => {
    const likes = await plan({ service_type: "likes", refill_days: 0, drip_runs: 3 });
    const before = await row(likes);
    const res = await put(likes, { name: "Uneven", amount: 1000, price: 199, tags: [] });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, message: DRIP_MESSAGES.divisible });
    expect(await row(likes)).toEqual(before);
  });
});
