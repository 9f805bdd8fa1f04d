import { afterAll, describe, expect, it } from "vitest";
import pg from "pg";
import SQLite from "better-sqlite3";
import { runScript } from "../support/backups";
import { sqliteDatabase, testDatabases } from "../support/databases";
import { orderByApi } from "../support/shop-orders";
import { TEST_ADMIN, type TestShop, signIn, startTestShop } from "../support/test-shop";

/**
 * Moving a shop from SQLite to PostgreSQL (issue 50, point 3; docs/deploy.md, "Moving to PostgreSQL"):
 * a SQLite shop with orders, plans, a panel, settings (secrets too), a signed-in operator's session and its
 * audit is stopped, `npm run db:move -- --to <PostgreSQL>` copies it, and the shop started on PostgreSQL
 * is the same shop to its operator: the orders listed, the settings kept, the session still signed in,
 * signing in again works, and a new order gets a new number. A database that holds a shop is refused
 * without --force, changing nothing.
 */

const postgres = testDatabases().find((d) => d.name === "postgres");

describe.runIf(postgres)("npm run db:move from SQLite to PostgreSQL", () => {
  let shop: TestShop | undefined;
  const drops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    await shop?.stop();
    for (const drop of drops) await drop();
  });

  it("copies the whole shop, and the shop runs on PostgreSQL as it did", async () => {
    shop = await startTestShop({ engine: sqliteDatabase, simulator: true });
    const followers = (await (await fetch(`${shop.url}/api/plans?serviceType=followers`)).json()) as {
      plans: { _id: string }[];
    };
    const planId = Number(followers.plans[0]!._id);
    const orders: string[] = [];
    for (let i = 0; i < 12; i++)
      orders.push(await orderByApi(shop.url, { planId, username: `mover_${i}`, phone: "9876543210" }));
    // The operator sets the UPI ID (Settings, through the settings API); a secret is stored beside it.
    const saved = await fetch(`${shop.url}/api/admin/setting`, {
      method: "POST",
      headers: { cookie: shop.cookie, origin: shop.url, "content-type": "application/json" },
      body: JSON.stringify({ key: "VITE_UPI_ID", value: "moving.shop@okaxis" }),
    });
    expect(saved.status, await saved.text()).toBe(200);
    await shop.db.db
      .insertInto("settings")
      .values([{ key: "PAYMENTS_SMS_SECRET", value: "sms-secret-that-moves", updated_at: Date.now() }])
      .onConflict((oc) => oc.column("key").doUpdateSet((eb) => ({ value: eb.ref("excluded.value") })))
      .execute();
    // A long audit log: more rows than one INSERT of the copy carries.
    await shop.db.db
      .insertInto("audit_log")
      .values(
        Array.from({ length: 1_200 }, (_, i) => ({
          at: Date.now() - i,
          actor: "owner",
          action: "setting.update",
          target_type: "setting",
          target_id: "VITE_UPI_ID",
          details: JSON.stringify({ n: i, note: "ऑर्डर" }),
          client_ip: "203.0.113.9",
        })),
      )
      .execute();
    await shop.server.stop();
    const file = shop.dbFile!;
    const env = { DATABASE_URL: `file:${file}` };

    const count = (db: SQLite.Database, table: string) =>
      (db.prepare(`select count(*) as n from "${table}"`).get() as { n: number }).n;
    const source = new SQLite(file, { readonly: true });
    const before = Object.fromEntries(
      ["orders", "plans", "panels", "settings", "admin_sessions", "audit_log"].map((t) => [t, count(source, t)]),
    );
    const settingsBefore = source.prepare("select key, value from settings order by key").all();
    source.close();
    for (const [table, n] of Object.entries(before)) expect(n, table).toBeGreaterThan(0);

    const target = await postgres!.create();
    drops.push(target.drop);
    const url = (target.target as { url: string }).url;
    const moved = await runScript("db-move", ["--to", url], env);
    console.log(moved.output);
    expect(moved.code, moved.output).toBe(0);
    expect(moved.output).toMatch(/Moved [\d,]+ rows in \d+ tables to PostgreSQL/);

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      for (const [table, n] of Object.entries(before)) {
        const there = await client.query<{ n: string }>(`select count(*) as n from "${table}"`);
        expect(Number(there.rows[0]!.n), table).toBe(n);
      }
      const settingsAfter = await client.query("select key, value from settings order by key");
      expect(settingsAfter.rows).toEqual(settingsBefore);
      const audit = await client.query<{ details: string }>(
        "select details from audit_log where details like '%ऑर्डर%' order by id desc limit 1",
      );
      expect(JSON.parse(audit.rows[0]!.details)).toEqual({ n: 1_199, note: "ऑर्डर" });
    } finally {
      await client.end();
    }

    // Again, onto the shop it made: refused, nothing changed; with --force it is replaced.
    const again = await runScript("db-move", ["--to", url], env);
    expect(again.code, again.output).toBe(1);
    expect(again.output).toContain("already holds a shop");
    expect(again.output).toContain("Nothing was changed.");
    const forced = await runScript("db-move", ["--to", url, "--force"], env);
    expect(forced.code, forced.output).toBe(0);
    expect(forced.output).toContain("The shop that was there is replaced.");

    // The shop on PostgreSQL, as its operator finds it: its admin is the one moved, none made from the
    // environment, and no demo panel simulator.
    const server = await shop.startAnother({
      DATABASE_URL: url,
      ADMIN_USERNAME: "",
      ADMIN_PASSWORD: "",
      PANEL_SIMULATOR: "",
    });
    const listed = await fetch(`${server.url}/admin/orders`, { headers: { cookie: shop.cookie } });
    expect(listed.status).toBe(200);
    const page = await listed.text();
    for (const id of orders) expect(page).toContain(id);
    const cookie = await signIn(server.url, TEST_ADMIN.username, TEST_ADMIN.password);
    const upi = await fetch(`${server.url}/api/admin/setting/VITE_UPI_ID`, { headers: { cookie } });
    expect(await upi.text()).toContain("moving.shop@okaxis");
    // The ids go on after the copied ones: a new order is stored, not refused as a duplicate.
    const next = await orderByApi(server.url, { planId, username: "after_the_move", phone: "9876543210" });
    expect(orders).not.toContain(next);
  }, 180_000);

  it("refuses a source that is not SQLite, and a target it cannot open, changing nothing", async () => {
    const empty = await postgres!.create();
    drops.push(empty.drop);
    const url = (empty.target as { url: string }).url;
    const fromPostgres = await runScript("db-move", ["--to", url], { DATABASE_URL: url });
    expect(fromPostgres.code).toBe(1);
    const unreachable = new URL(url);
    unreachable.port = "1";
    const shopFile = await sqliteDatabase.createMigrated();
    drops.push(shopFile.drop);
    const env = { DATABASE_URL: `file:${(shopFile.target as { file: string }).file}` };
    const refused = await runScript("db-move", ["--to", unreachable.toString()], env);
    expect(refused.code, refused.output).toBe(1);
    expect(refused.output).toContain("cannot be opened");
    expect(refused.output).toContain("Nothing was changed.");
  }, 60_000);
});
