import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "~/db/database.server";
import { migrateToLatest } from "~/db/migrate.server";
import { seedDemoData, seedDemoDataOnce } from "~/db/seed.server";
import { generateOrderId } from "~/domain/orders/order-id.server";
import { findOrder as findOrderByOrderId, insertOrder } from "~/domain/orders/orders.repository.server";
import { cheapestEnabledPricePaise, insertPlans, listPlans } from "~/domain/plans/plans.server";
import { readSiteSettings, writeSettings } from "~/domain/settings/settings.server";
import { freshDatabase, testDatabases } from "../support/databases";

describe.each(testDatabases())("database on $name", (kind) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()!();
  });

  async function migrated() {
    const handle = await freshDatabase(kind);
    cleanups.push(handle.cleanup);
    return handle;
  }

  it("migrates an empty database and is safe to migrate again", async () => {
    const { target, drop } = await kind.create();
    cleanups.push(drop);
    const first = openDatabase(target);
    const result = await migrateToLatest(first.db, first.dialect);
    expect(result.results?.length).toBeGreaterThan(0);
    expect(result.results?.every((r) => r.status === "Success")).toBe(true);
    await first.close();

    const second = openDatabase(target);
    const again = await migrateToLatest(second.db, second.dialect);
    expect(again.results).toEqual([]);
    const tables = await second.db.introspection.getTables();
    expect(tables.map((t) => t.name)).toEqual(
      expect.arrayContaining(["plans", "orders", "settings", "admin_users", "admin_sessions"]),
    );
    await second.close();
  });

  it("lets several instances start at once and migrates exactly once", async () => {
    const { target, drop } = await kind.create();
    cleanups.push(drop);
    const handles: DatabaseHandle[] = [0, 1, 2].map(() => openDatabase(target));
    try {
      // Several instances share a database only on PostgreSQL; SQLite serves one instance.
      const results =
        kind.name === "postgres"
          ? await Promise.all(handles.map((h) => migrateToLatest(h.db, h.dialect)))
          : [await migrateToLatest(handles[0]!.db, "sqlite")];
      const applied = results.flatMap((r) => r.results ?? []).filter((r) => r.status === "Success");
      const names = applied.map((r) => r.migrationName);
      expect(new Set(names).size, "each migration applied by exactly one instance").toBe(names.length);
      const seeded =
        kind.name === "postgres"
          ? await Promise.all(handles.map((h) => seedDemoDataOnce(h.db)))
          : [await seedDemoDataOnce(handles[0]!.db), await seedDemoDataOnce(handles[0]!.db)];
      expect(seeded.filter(Boolean)).toHaveLength(1);
      const plans = await listPlans(handles[0]!.db);
      expect(plans.length).toBe(20);
    } finally {
      await Promise.all(handles.map((h) => h.close()));
    }
  });

  it("round-trips an order with its money in integer paise", async () => {
    const { db } = await migrated();
    const now = Date.now();
    const orderId = generateOrderId();
    await insertOrder(db, {
      order_id: orderId,
      idempotency_key: "key-1",
      service_type: "followers",
      plan_id: null,
      plan_name: "Popular Followers",
      target: "priya.bakes",
      quantity: 1000,
      price_paise: 34_950,
      status: "awaiting_payment",
      customer_name: "Priya",
      customer_phone: "+919812345678",
      utr: null,
      utr_submitted_at: null,
      payment_deadline_at: now + 300_000,
      panel_order_id: null,
      panel_status: null,
      panel_charge: null,
      panel_currency: null,
      panel_start_count: null,
      panel_remains: null,
      panel_error: null,
      paid_at: null,
      paid_by: null,
      payment_evidence: null,
      refund_due_paise: null,
      refunded_at: null,
      refund_reference: null,
      panel_placed_at: null,
      panel_synced_at: null,
      profit_paise: null,
      anonymised_at: null,
      created_at: now,
      updated_at: now,
    });
    const found = await findOrderByOrderId(db, orderId);
    expect(found).toMatchObject({
      order_id: orderId,
      price_paise: 34_950,
      quantity: 1000,
      status: "awaiting_payment",
      created_at: now,
      payment_deadline_at: now + 300_000,
    });
    expect(typeof found?.created_at).toBe("number");
  });

  it("keeps the order id and the UTR unique", async () => {
    const { db } = await migrated();
    const base = {
      service_type: "likes" as const,
      plan_id: null,
      plan_name: "Basic Likes",
      target: "https://www.instagram.com/p/abc/",
      quantity: 500,
      price_paise: 7900,
      status: "awaiting_payment" as const,
      customer_name: "A",
      customer_phone: "+919812345678",
      payment_deadline_at: 1,
      created_at: 1,
      updated_at: 1,
    };
    await insertOrder(db, { ...base, order_id: "BK0000000001", utr: "123456789012" });
    await expect(insertOrder(db, { ...base, order_id: "BK0000000001" })).rejects.toThrow();
    await expect(insertOrder(db, { ...base, order_id: "BK0000000002", utr: "123456789012" })).rejects.toThrow();
    const count = await db
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirst();
    expect(Number(count?.n)).toBe(1);
  });

  it("lists enabled plans of a service by price and finds the cheapest", async () => {
    const { db } = await migrated();
    const now = Date.now();
    const plan = (name: string, quantity: number, price_paise: number, is_enabled = 1) => ({
      service_type: "views" as const,
      name,
      quantity,
      price_paise,
      tag: null,
      is_enabled,
      created_at: now,
      updated_at: now,
    });
    await insertPlans(db, [plan("Big", 5000, 6900), plan("Small", 1000, 1900), plan("Hidden", 1000, 900, 0)]);
    const enabled = await listPlans(db, { serviceType: "views", enabledOnly: true });
    expect(enabled.map((p) => p.name)).toEqual(["Small", "Big"]);
    expect(await cheapestEnabledPricePaise(db)).toBe(1900);
  });

  it("refuses a plan below the minimum quantity at the database too", async () => {
    const { db } = await migrated();
    await expect(
      insertPlans(db, [
        {
          service_type: "likes",
          name: "Tiny",
          quantity: 50,
          price_paise: 100,
          tag: null,
          is_enabled: 1,
          created_at: 1,
          updated_at: 1,
        },
      ]),
    ).rejects.toThrow();
  });

  it("stores settings and falls back to defaults", async () => {
    const { db } = await migrated();
    expect((await readSiteSettings(db)).brandName).toBe("BoostKaro");
    await writeSettings(db, { brandName: "Growly", upiId: "shop@okaxis" });
    await writeSettings(db, { brandName: "Growly India" });
    const settings = await readSiteSettings(db);
    expect(settings.brandName).toBe("Growly India");
    expect(settings.upiId).toBe("shop@okaxis");
  });

  it("seeds a realistic catalogue for all four services", async () => {
    const { db } = await migrated();
    await seedDemoData(db);
    const plans = await listPlans(db, { enabledOnly: true });
    const services = new Set(plans.map((p) => p.service_type));
    expect([...services].sort()).toEqual(["comments", "followers", "likes", "views"]);
    for (const p of plans) {
      expect(p.quantity).toBeGreaterThanOrEqual(100);
      expect(p.price_paise).toBeGreaterThanOrEqual(1000);
      expect(p.price_paise).toBeLessThanOrEqual(500_000);
    }
    const settings = await readSiteSettings(db);
    expect(settings.upiId).toMatch(/placeholder/);
    const [{ n }] = (await sql<{ n: number }>`select count(*) as n from settings`.execute(db)).rows as [{ n: number }];
    expect(Number(n)).toBeGreaterThan(10);
  });
});
