import pino from "pino";
import type { AppServices } from "~/context";
import { type DB, type DatabaseHandle, openDatabase } from "~/db/database.server";
import { migrateToLatest } from "~/db/migrate.server";
import { demoPlans } from "~/db/seed.server";
import { insertPlans } from "~/domain/plans/plans.server";
import { DEMO_PANEL_KEY } from "~/domain/panel/simulator/panel";
import type { SiteSettings } from "~/domain/settings/registry";
import type { RunningSimulator } from "~/domain/panel/simulator/server.server";
import { createSettingsCache, writeSettings } from "~/domain/settings/settings.server";
import { type Config, loadConfig } from "../../app/lib/server/config.server";
import { type TestDatabase, freshDatabase } from "./databases";

/**
 * The shop's services in the test's own process, for integration tests that call the
 * domain directly rather than through a server: on a database handle, settings read
 * fresh every time, a silent logger, the default configuration with `config` over it.
 */
export function servicesOn(handle: DatabaseHandle, config: Partial<Config> = {}): AppServices {
  return {
    db: handle.db,
    dialect: handle.dialect,
    settings: createSettingsCache(handle.db, 0),
    config: { ...loadConfig({}), ...config },
    logger: pino({ level: "silent" }),
  };
}

/** A shop whose SMM panel is on this machine (the simulator, a double), answering within `timeoutMs`. */
export const loopbackPanel = (timeoutMs: number): Partial<Config> => ({
  PANEL_ALLOW_PRIVATE_ADDRESSES: true,
  PANEL_TIMEOUT_MS: timeoutMs,
});

/** The settings that point the shop at the demo panel simulator: its address, key and four services. */
export function simulatorSettings(sim: { apiUrl: string }): Partial<SiteSettings> {
  return {
    panelUrl: sim.apiUrl,
    panelApiKey: DEMO_PANEL_KEY,
    panelServiceFollowers: "101",
    panelServiceLikes: "102",
    panelServiceViews: "103",
    panelServiceComments: "104",
  };
}

/** The shop's payment details as the payment tests set them: its UPI ID and name; paid orders wait for the operator. */
export const SHOP_PAYMENT_SETTINGS: Partial<SiteSettings> = {
  upiId: "shop@okaxis",
  merchantName: "Boost Shop",
  autoSendPaidOrders: false,
};

/** A plan added to the catalogue (enabled, 1,000 of its service, no tag); its id. */
export async function addPlan(
  db: DB,
  plan: { name: string; pricePaise: number; serviceType?: "followers" | "likes" | "views" | "comments" },
): Promise<number> {
  const now = Date.now();
  const row = await db
    .insertInto("plans")
    .values({
      service_type: plan.serviceType ?? "followers",
      name: plan.name,
      quantity: 1000,
      price_paise: plan.pricePaise,
      tag: null,
      is_enabled: 1,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A new migrated database and, on PostgreSQL, two more pools on it standing for other instances of
 * the shop (SQLite serves one instance, one connection): for races between instances.
 */
export async function instancesOnOneDatabase(
  kind: TestDatabase,
): Promise<{ main: DatabaseHandle; others: DatabaseHandle[]; close: () => Promise<void> }> {
  const created = await kind.create();
  const main = openDatabase(created.target);
  await migrateToLatest(main.db, main.dialect);
  const others =
    created.target.kind === "postgres"
      ? [openDatabase({ ...created.target, poolSize: 5 }), openDatabase({ ...created.target, poolSize: 5 })]
      : [];
  return {
    main,
    others,
    async close() {
      for (const h of others) await h.close();
      await main.close();
      await created.drop();
    },
  };
}

/** A new migrated database holding the demo catalogue's plans, made at `at`: checkouts' own tests. */
export async function databaseWithDemoPlans(kind: TestDatabase, at: number) {
  const handle = await freshDatabase(kind);
  await insertPlans(handle.db, demoPlans(at));
  return handle;
}

/**
 * A fresh database whose shop sends orders to the demo panel simulator `sim` (on loopback, answering
 * within `timeoutMs`), the simulator's switches reset and its log cleared: the shop's services and handle.
 */
export async function shopOnSimulator(
  kind: TestDatabase,
  sim: RunningSimulator,
  timeoutMs: number,
): Promise<{ services: AppServices; handle: Awaited<ReturnType<typeof freshDatabase>> }> {
  const handle = await freshDatabase(kind);
  const services = servicesOn(handle, loopbackPanel(timeoutMs));
  await writeSettings(handle.db, simulatorSettings(sim));
  sim.panel.resetSwitches();
  sim.panel.clearLog();
  return { services, handle };
}
