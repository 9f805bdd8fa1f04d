import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/database.server";
import { backupPath, restoreBackup } from "~/domain/backups/backup.server";
import { deleteSelectedData } from "~/domain/backups/danger-zone.server";
import { countBackupRows } from "~/domain/backups/restore.server";
import { findDefaultPanel, listPanels } from "~/domain/panel/panels.repository.server";
import { freshDatabase, testDatabases } from "../support/databases";
import { addTestPanel } from "../support/panels";

/**
 * JSON backups keep every panel record (ADR 0026), never a panel's API key
 * (a secret, as the default panel's key always was): the danger zone's "SMM
 * panel settings" backs them all up before deleting them, and a restore
 * brings each one back with its id (plans and orders name panels by id), the
 * operator typing the keys again. Panels the shop still has are kept as they are.
 */

const KEYS = ["live-key-reseller-a-0123456789", "live-key-smartpanel-b-9876543210"];

describe.each(testDatabases())("panels in backups on $name", (kind) => {
  let handle: DatabaseHandle;
  let backupDir: string;
  const cleanups: (() => unknown)[] = [];
  afterEach(async () => {
    while (cleanups.length > 0) await cleanups.pop()!();
  });

  /** A fresh shop database and a backups folder, both gone after the test. */
  async function freshShop() {
    const fresh = await freshDatabase(kind);
    cleanups.push(() => fresh.cleanup());
    handle = fresh;
    backupDir = mkdtempSync(join(tmpdir(), "shop-panel-backups-"));
    cleanups.push(() => rmSync(backupDir, { recursive: true, force: true }));
  }

  async function twoPanels() {
    await freshShop();
    const { db } = handle;
    const a = await addTestPanel(db, {
      name: "Reseller A",
      api_url: "https://reseller.example/api/v2",
      api_key: KEYS[0]!,
      service_followers: "1201",
    });
    const b = await addTestPanel(db, {
      name: "SmartPanel B",
      api_url: "https://smart.example/api/v1",
      api_key: KEYS[1]!,
      currency: "USD",
      inr_rate: "85",
    });
    return { a, b };
  }

  it("backs up every panel without its key, and a restore brings each back with its id", async () => {
    const { a, b } = await twoPanels();
    const { db, dialect } = handle;
    const before = await listPanels(db);

    const { backup } = await deleteSelectedData(db, "owner", backupDir, ["settings.smm"]);
    expect(await listPanels(db)).toEqual([]);
    const file = backupPath(backupDir, backup)!;
    const text = gunzipSync(readFileSync(file)).toString("utf8");
    expect(text).toContain("SmartPanel B");
    for (const key of KEYS) expect(text).not.toContain(key);
    expect((await countBackupRows(file)).panels).toBe(2);

    const restored = await restoreBackup(db, dialect, file);
    expect(restored.panels).toBe(2);
    const after = await listPanels(db);
    expect(after.map((p) => ({ ...p, api_key: "" }))).toEqual(before.map((p) => ({ ...p, api_key: "" })));
    expect(after.map((p) => p.api_key)).toEqual(["", ""]);
    expect((await findDefaultPanel(db))!.id).toBe(a);
    expect(after.find((p) => p.id === b)).toMatchObject({ currency: "USD", inr_rate: "85" });
    // Twice changes nothing; a new panel gets an id after the restored ones.
    expect((await restoreBackup(db, dialect, file)).panels).toBe(0);
    const c = await addTestPanel(db, { name: "Third", api_url: "https://third.example/api/v2", api_key: "k" });
    expect(c).toBeGreaterThan(b);
  });

  it("keeps the panels a shop still has, and its own default", async () => {
    await twoPanels();
    const { db, dialect } = handle;
    const { backup } = await deleteSelectedData(db, "owner", backupDir, ["settings.smm"]);
    // The shop starts again with another default, and a panel of the same name as one backed up.
    const fresh = await addTestPanel(db, { name: "New default", api_url: "https://new.example/api/v2", api_key: "n" });
    await addTestPanel(db, { name: "SmartPanel B", api_url: "https://smart2.example/api/v1", api_key: "s" });

    const restored = await restoreBackup(db, dialect, backupPath(backupDir, backup)!);
    // Reseller A came back (its id was free); SmartPanel B is the shop's own, kept.
    expect(restored.panels).toBe(1);
    const panels = await listPanels(db);
    expect(panels.map((p) => p.name).sort()).toEqual(["New default", "Reseller A", "SmartPanel B"]);
    expect(panels.find((p) => p.name === "SmartPanel B")!.api_url).toBe("https://smart2.example/api/v1");
    expect((await findDefaultPanel(db))!.id).toBe(fresh);
  });
});
