import type { Kysely } from "kysely";
import type { Dialect } from "../database.server";

/**
 * Placement that survives a panel's bad moments (docs/order-lifecycle.md,
 * "Waiting for the panel"; docs/panels.md):
 *
 * - orders gain the count of `add` attempts, when the background job next
 *   tries an order that waits for the panel and why it waits, and what the last
 *   attempt sent (so an unknown outcome can be checked against it);
 * - the panel URL setting becomes the API URL the shop actually posted to.
 *   The shop used to complete a base URL with `/api/v2` and now uses the URL
 *   as pasted, so a saved "https://panel.example" becomes
 *   "https://panel.example/api/v2": the same address as before, now visible.
 *   A saved URL that already names an API (".../api/v1", ".../api.php") is
 *   kept: the old completion broke it, the operator meant it as written.
 */

/** What a saved panel URL becomes: what the shop used to post to for a base URL; null when nothing changes. */
export function legacyApiUrl(saved: string): string | null {
  let url: URL;
  try {
    url = new URL(saved.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  const path = url.pathname.replace(/\/+$/, "");
  if (/\/api(\/v\d+)?$|\.php$/i.test(path)) return null;
  url.search = "";
  url.hash = "";
  url.pathname = `${path}/api/v2`;
  return url.toString();
}

const PANEL_URL_KEY = "VITE_SMM_PANEL_URL";

export function panelPlacement(dialect: Dialect) {
  const big = dialect === "postgres" ? ("bigint" as const) : ("integer" as const);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable("orders")
        .addColumn("panel_attempts", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable("orders").addColumn("panel_retry_at", big).execute();
      await db.schema.alterTable("orders").addColumn("panel_wait_reason", "text").execute();
      await db.schema.alterTable("orders").addColumn("panel_request", "text").execute();
      // The retry job's look-up: orders waiting for the panel, by when they are due.
      await db.schema.createIndex("orders_panel_retry").on("orders").columns(["status", "panel_retry_at"]).execute();

      const row = await db.selectFrom("settings").select("value").where("key", "=", PANEL_URL_KEY).executeTakeFirst();
      const saved: unknown = row?.value;
      const upgraded = typeof saved === "string" && saved ? legacyApiUrl(saved) : null;
      if (upgraded) {
        await db.updateTable("settings").set({ value: upgraded }).where("key", "=", PANEL_URL_KEY).execute();
      }
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex("orders_panel_retry").execute();
      for (const column of ["panel_request", "panel_wait_reason", "panel_retry_at", "panel_attempts"]) {
        await db.schema.alterTable("orders").dropColumn(column).execute();
      }
    },
  };
}
