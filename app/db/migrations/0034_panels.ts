import { type Kysely, sql } from "kysely";
import type { Dialect } from "../database.server";

/**
 * Panels as records (issue 32, point 2; ADR 0024). The one panel the settings
 * described (VITE_SMM_PANEL_URL, its key, the service per type, the Custom
 * Comments service, PANEL_CURRENCY, PANEL_INR_RATE, PANEL_LINK_*) becomes
 * panel 1, the shop's default panel: the URL exactly as saved, nothing else
 * changed, and those settings rows go (the panel row holds them now). Plans
 * and orders gain the panel they name (null on a plan: the default panel);
 * the services list is kept per panel, keyed by (panel_id, service_id). Every
 * services row and every order of a shop that had a panel belongs to panel 1.
 */

/** The settings keys panel 1 is made of, by its column. Defaults as the settings registry had them. */
export const LEGACY_PANEL_SETTINGS = {
  api_url: { key: "VITE_SMM_PANEL_URL", default: "" },
  api_key: { key: "VITE_SMM_PANEL_API_KEY", default: "" },
  service_followers: { key: "VITE_SMM_PANEL_FOLLOWERS_SERVICE_ID", default: "" },
  service_likes: { key: "VITE_SMM_PANEL_LIKES_SERVICE_ID", default: "" },
  service_views: { key: "VITE_SMM_PANEL_VIEWS_SERVICE_ID", default: "" },
  service_comments: { key: "VITE_SMM_PANEL_COMMENTS_SERVICE_ID", default: "" },
  service_custom_comments: { key: "PANEL_CUSTOM_COMMENTS_SERVICE_ID", default: "" },
  currency: { key: "PANEL_CURRENCY", default: "INR" },
  inr_rate: { key: "PANEL_INR_RATE", default: "" },
  link_followers: { key: "PANEL_LINK_FOLLOWERS", default: "profile_url" },
  link_likes: { key: "PANEL_LINK_LIKES", default: "as_given" },
  link_views: { key: "PANEL_LINK_VIEWS", default: "as_given" },
  link_comments: { key: "PANEL_LINK_COMMENTS", default: "as_given" },
} as const;

type LegacyColumn = keyof typeof LEGACY_PANEL_SETTINGS;

/** The name panel 1 gets: its URL's host, as the operator would call it. */
export function legacyPanelName(url: string): string {
  try {
    return new URL(url.trim()).hostname || "Panel 1";
  } catch {
    return "Panel 1";
  }
}

export function panels(dialect: Dialect) {
  const pg = dialect === "postgres";
  const big = pg ? ("bigint" as const) : ("integer" as const);
  return {
    async up(db: Kysely<any>) {
      let table = db.schema
        .createTable("panels")
        .addColumn("id", pg ? "serial" : "integer", (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn("name", "text", (c) => c.notNull().unique());
      for (const [column, def] of Object.entries(LEGACY_PANEL_SETTINGS))
        table = table.addColumn(column, "text", (c) => c.notNull().defaultTo(def.default));
      await table
        .addColumn("is_default", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("balance", "text")
        .addColumn("balance_currency", "text")
        .addColumn("balance_checked_at", big)
        .addColumn("created_at", big, (c) => c.notNull())
        .addColumn("updated_at", big, (c) => c.notNull())
        .execute();
      // At most one default panel (the one a plan without a panel of its own uses).
      await db.schema
        .createIndex("panels_one_default")
        .on("panels")
        .column("is_default")
        .unique()
        .where(sql.ref("is_default"), "=", 1)
        .execute();

      await db.schema.alterTable("plans").addColumn("panel_id", "integer").execute();
      await db.schema.alterTable("plans").addColumn("fallback_panel_id", "integer").execute();
      await db.schema.alterTable("orders").addColumn("panel_id", "integer").execute();

      // The shop's one panel, from its settings.
      const keys = Object.values(LEGACY_PANEL_SETTINGS).map((d) => d.key);
      const saved = new Map(
        (await db.selectFrom("settings").select(["key", "value"]).where("key", "in", keys).execute()).map(
          (r: { key: string; value: string }) => [r.key, r.value],
        ),
      );
      const anyServices = await db.selectFrom("panel_services").select("service_id").limit(1).executeTakeFirst();
      const anySent = await db
        .selectFrom("orders")
        .select("id")
        .where("panel_order_id", "is not", null)
        .limit(1)
        .executeTakeFirst();
      const configured = [...saved.values()].some((v) => v.trim() !== "");
      let panelId: number | null = null;
      if (configured || anyServices || anySent) {
        const now = Date.now();
        const values: Record<string, unknown> = {};
        for (const [column, def] of Object.entries(LEGACY_PANEL_SETTINGS) as [
          LegacyColumn,
          { key: string; default: string },
        ][])
          values[column] = saved.get(def.key) ?? def.default;
        const inserted = await db
          .insertInto("panels")
          .values({
            ...values,
            name: legacyPanelName(String(values.api_url)),
            is_default: 1,
            created_at: now,
            updated_at: now,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        panelId = Number(inserted.id);
        await db.updateTable("orders").set({ panel_id: panelId }).execute();
      }
      await db.deleteFrom("settings").where("key", "in", keys).execute();

      // The services list per panel: (panel_id, service_id).
      await db.schema
        .createTable("panel_services_0034")
        .addColumn("panel_id", "integer", (c) => c.notNull())
        .addColumn("service_id", "text", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("refill", "integer", (c) => c.notNull())
        .addColumn("cancel", "integer", (c) => c.notNull())
        .addColumn("dripfeed", "integer", (c) => c.notNull())
        .addColumn("fetched_at", big, (c) => c.notNull())
        .addColumn("rate", "text")
        .addColumn("min_quantity", "integer")
        .addColumn("max_quantity", "integer")
        .addColumn("type", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("category", "text", (c) => c.notNull().defaultTo(""))
        .addPrimaryKeyConstraint("panel_services_pk", ["panel_id", "service_id"])
        .execute();
      if (panelId !== null) {
        const columns = [
          "service_id",
          "name",
          "refill",
          "cancel",
          "dripfeed",
          "fetched_at",
          "rate",
          "min_quantity",
          "max_quantity",
          "type",
          "category",
        ];
        await db
          .insertInto("panel_services_0034")
          .columns(["panel_id", ...columns])
          .expression(db.selectFrom("panel_services").select([sql.lit(panelId).as("panel_id"), ...columns] as any))
          .execute();
      }
      await db.schema.dropTable("panel_services").execute();
      await db.schema.alterTable("panel_services_0034").renameTo("panel_services").execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable("orders").dropColumn("panel_id").execute();
      await db.schema.alterTable("plans").dropColumn("fallback_panel_id").execute();
      await db.schema.alterTable("plans").dropColumn("panel_id").execute();
      await db.schema.dropTable("panels").execute();
    },
  };
}
