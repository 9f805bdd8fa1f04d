import { describe, expect, it } from "vitest";
import { migrateToLatest } from "~/db/migrate.server";
import { legacyApiUrl } from "~/db/migrations/0024_panel_placement";
import { readSiteSettings } from "~/domain/settings/settings.server";
import { type TestDatabase, testDatabases } from "../support/databases";
import { shopsFromBefore } from "../support/migrations";

/**
 * A shop from before the panel URL was used as pasted upgrades: the address it
 * posted to (its base URL plus /api/v2) becomes the saved URL, so it keeps
 * working and shows the real address; its orders gain their placement columns empty.
 */
describe.each(testDatabases())("the panel placement migration on $name", (kind: TestDatabase) => {
  const fromBefore = shopsFromBefore(kind);

  async function before0024(panelUrl: string) {
    // 0034 turns the panel settings into a panel record, so it runs after 0024 here too.
    const handle = await fromBefore((name) => name === "0024_panel_placement" || name === "0034_panels");
    await handle.db
      .insertInto("settings")
      .values({ key: "VITE_SMM_PANEL_URL", value: panelUrl, updated_at: Date.now() })
      .execute();
    return handle;
  }

  it.each([
    ["https://panel.example", "https://panel.example/api/v2"],
    ["https://panel.example/", "https://panel.example/api/v2"],
    ["https://panel.example/reseller", "https://panel.example/reseller/api/v2"],
    ["https://panel.example/api/v2", "https://panel.example/api/v2"],
    ["https://smart.example/api/v1", "https://smart.example/api/v1"],
    ["https://old.example/api.php", "https://old.example/api.php"],
    ["", ""],
  ])("keeps the address the shop posted to: %s → %s", async (saved, now) => {
    const { db, dialect } = await before0024(saved);
    const ran = await migrateToLatest(db, dialect);
    expect(ran.results?.map((r) => [r.migrationName, r.status])).toContainEqual(["0024_panel_placement", "Success"]);
    expect((await readSiteSettings(db)).panelUrl).toBe(now);
    expect(legacyApiUrl(now)).toBeNull();
  });
});
