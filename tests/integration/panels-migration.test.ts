import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { migrateToLatest } from "~/db/migrate.server";
import { listPanels } from "~/domain/panel/panels.repository.server";
import { readSiteSettings } from "~/domain/settings/settings.server";
import { type TestDatabase, testDatabases } from "../support/databases";
import { makeOrder } from "../support/orders";
import { shopsFromBefore } from "../support/migrations";

/**
 * A shop with one panel in its settings upgrades to panel records (0034): the
 * settings become panel 1, the default, nothing lost (the URL exactly as
 * saved, the key, currency, rate, link forms, every service id), and its
 * services list and orders belong to panel 1. A shop that never set a panel
 * gets none.
 */
describe.each(testDatabases())("the panels migration on $name", (kind: TestDatabase) => {
  const fromBefore = shopsFromBefore(kind);

  const before0034 = () => fromBefore((name) => name === "0034_panels");

  const SAVED = {
    VITE_SMM_PANEL_URL: "https://Smart.Example/api/v1?x=1 ",
    VITE_SMM_PANEL_API_KEY: "live-key-0123456789",
    VITE_SMM_PANEL_FOLLOWERS_SERVICE_ID: "31",
    VITE_SMM_PANEL_LIKES_SERVICE_ID: "32",
    VITE_SMM_PANEL_VIEWS_SERVICE_ID: "33",
    VITE_SMM_PANEL_COMMENTS_SERVICE_ID: "34",
    PANEL_CUSTOM_COMMENTS_SERVICE_ID: "35",
    PANEL_CURRENCY: "USD",
    PANEL_INR_RATE: "84.25",
    PANEL_LINK_FOLLOWERS: "username",
    PANEL_LINK_LIKES: "canonical",
    PANEL_LINK_VIEWS: "as_given",
    PANEL_LINK_COMMENTS: "canonical",
    VITE_UPI_ID: "shop@okaxis",
  };

  it("turns the shop's panel settings into panel 1, with its services list and orders", async () => {
    const { db, dialect } = await before0034();
    const now = Date.now();
    await db
      .insertInto("settings")
      .values(Object.entries(SAVED).map(([key, value]) => ({ key, value, updated_at: now })))
      .execute();
    // The services list of that time: keyed by service id alone.
    await sql`insert into panel_services (service_id, name, refill, cancel, dripfeed, fetched_at, rate)
      values ('31', 'IG followers', 1, 0, 1, ${now}, '0.3000')`.execute(db);
    const order = await makeOrder(db, { panel_order_id: "9001", status: "sent" } as never);

    await migrateToLatest(db, dialect);

    const [panel, ...others] = await listPanels(db);
    expect(others).toEqual([]);
    expect(panel).toMatchObject({
      name: "smart.example",
      api_url: SAVED.VITE_SMM_PANEL_URL,
      api_key: SAVED.VITE_SMM_PANEL_API_KEY,
      service_followers: "31",
      service_likes: "32",
      service_views: "33",
      service_comments: "34",
      service_custom_comments: "35",
      currency: "USD",
      inr_rate: "84.25",
      link_followers: "username",
      link_likes: "canonical",
      link_views: "as_given",
      link_comments: "canonical",
      is_default: 1,
    });
    // The settings rows went (the record holds them); the others stayed.
    const keys = (await db.selectFrom("settings").select("key").execute()).map((r) => r.key);
    expect(keys).toEqual(["VITE_UPI_ID"]);
    // Read under the settings API's names, nothing changed. (The UPI ID is read from the receiving accounts
    // since 0040, which this test ran before writing the old settings: not this migration's concern.)
    const settings = await readSiteSettings(db);
    expect(settings).toMatchObject({ panelUrl: SAVED.VITE_SMM_PANEL_URL, panelInrRate: "84.25" });
    expect(await db.selectFrom("panel_services").select(["panel_id", "service_id", "rate"]).execute()).toEqual([
      { panel_id: panel!.id, service_id: "31", rate: "0.3000" },
    ]);
    const migrated = await db
      .selectFrom("orders")
      .select("panel_id")
      .where("order_id", "=", order.order_id)
      .executeTakeFirst();
    expect(migrated?.panel_id).toBe(panel!.id);
  });

  it("gives a shop that never set a panel none", async () => {
    const { db, dialect } = await before0034();
    await db.insertInto("settings").values({ key: "PANEL_CURRENCY", value: "", updated_at: 1 }).execute();
    await migrateToLatest(db, dialect);
    expect(await listPanels(db)).toEqual([]);
    expect((await readSiteSettings(db)).panelUrl).toBe("");
  });
});
