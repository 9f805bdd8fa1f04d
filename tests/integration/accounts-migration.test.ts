import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { migrateToLatest } from "~/db/migrate.server";
import { listAccounts } from "~/domain/receiving-accounts/accounts.repository.server";
import { readSiteSettings, writeSettings } from "~/domain/settings/settings.server";
import { type TestDatabase, testDatabases } from "../support/databases";
import { makeOrder } from "../support/orders";
import { shopsFromBefore } from "../support/migrations";

/**
 * A shop with one UPI ID in its settings upgrades to receiving accounts
 * (0040): the UPI ID becomes account 1 (business, as its links were), its
 * orders and their held amounts belong to it, the setting's row goes and its
 * name reads and writes the account. A shop that never saved one gets the
 * placeholder, as it showed before.
 */
describe.each(testDatabases())("the receiving accounts migration on $name", (kind: TestDatabase) => {
  const fromBefore = shopsFromBefore(kind);

  const before0040 = () => fromBefore((name) => name >= "0040");

  it("turns the shop's UPI ID into account 1, with its orders and their held amounts", async () => {
    const { db, dialect } = await before0040();
    const now = Date.now();
    await db
      .insertInto("settings")
      .values([
        { key: "VITE_UPI_ID", value: " Shop.Owner@OKAXIS ", updated_at: now },
        { key: "VITE_MERCHANT_NAME", value: "Boost Shop", updated_at: now },
      ])
      .execute();
    const order = await makeOrder(db, { price_paise: 34_899, listed_price_paise: 34_900 });
    // The holds of that time: keyed by the amount alone.
    await sql`insert into payment_amount_holds (amount_paise, order_id, held_until, client_address)
      values (34899, ${order.order_id}, ${now + 600_000}, '203.0.113.7')`.execute(db);

    await migrateToLatest(db, dialect);

    const [account, ...others] = await listAccounts(db);
    expect(others).toEqual([]);
    expect(account).toMatchObject({
      upi_id: "shop.owner@okaxis",
      kind: "business",
      account_digits: null,
      paused: 0,
      daily_cap_paise: null,
    });
    const keys = (await db.selectFrom("settings").select("key").execute()).map((r) => r.key);
    expect(keys).toEqual(["VITE_MERCHANT_NAME"]);
    expect((await readSiteSettings(db)).upiId).toBe("shop.owner@okaxis");
    const migrated = await db
      .selectFrom("orders")
      .select(["receiving_account_id", "receiving_upi_id", "payment_received_paise"])
      .where("order_id", "=", order.order_id)
      .executeTakeFirstOrThrow();
    expect(migrated).toEqual({
      receiving_account_id: account!.id,
      receiving_upi_id: "shop.owner@okaxis",
      payment_received_paise: null,
    });
    const holds = await db.selectFrom("payment_amount_holds").selectAll().execute();
    expect(holds.map((h) => ({ ...h, amount_paise: Number(h.amount_paise), held_until: 0 }))).toEqual([
      {
        account_id: account!.id,
        amount_paise: 34_899,
        order_id: order.order_id,
        held_until: 0,
        client_address: "203.0.113.7",
        client_network: null,
        client_wide: null,
      },
    ]);
    // The setting's name is the account now: saving it changes the account, nothing is stored twice.
    await writeSettings(db, { upiId: "shop.new@ybl" });
    expect((await listAccounts(db)).map((a) => a.upi_id)).toEqual(["shop.new@ybl"]);
    expect(await db.selectFrom("settings").select("key").where("key", "=", "VITE_UPI_ID").execute()).toEqual([]);
  });

  it("gives a shop that never saved a UPI ID the placeholder it showed", async () => {
    const { db, dialect } = await before0040();
    await migrateToLatest(db, dialect);
    expect((await listAccounts(db)).map((a) => a.upi_id)).toEqual(["placeholder-change-me@upi"]);
    expect((await readSiteSettings(db)).upiId).toBe("placeholder-change-me@upi");
  });
});
