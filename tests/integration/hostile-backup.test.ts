import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { restoreBackup } from "~/domain/backups/backup.server";
import { readSettings } from "~/domain/settings/store.server";
import { smsAlertSettings } from "~/domain/payments/payment-settings.server";
import { freshDatabase, testDatabases } from "../support/databases";
import { makeOrder } from "../support/orders";

/**
 * Security round 4, finding 9 (our own review): restoring a backup file
 * someone else made. It could set any setting the shop had not set yet (the
 * SMS webhook's secret: forged alerts then confirm orders), and a bad line
 * after the first thousand rows left a half-restored shop behind.
 */

const dir = mkdtempSync(join(tmpdir(), "shop-hostile-backup-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let seq = 0;

function backupFile(lines: unknown[]): string {
  const file = join(dir, `backup-${seq++}.jsonl.gz`);
  const header = { backup: 1, createdAt: new Date().toISOString(), label: "hostile", scope: {} };
  writeFileSync(file, gzipSync([header, ...lines].map((l) => JSON.stringify(l)).join("\n")));
  return file;
}

describe.each(testDatabases())("restoring a hostile backup file on $name", (kind) => {
  it("never restores a secret or a setting outside the shop's registry", async () => {
    const h = await freshDatabase(kind);
    try {
      const file = backupFile([
        { table: "settings", row: { key: "PAYMENTS_SMS_SECRET", value: "attacker-secret", updated_at: 1 } },
        { table: "settings", row: { key: "SOMETHING_ELSE", value: "x", updated_at: 1 } },
        { table: "settings", row: { key: "VITE_SMM_PANEL_API_KEY", value: "attacker-key", updated_at: 1 } },
      ]);
      const restored = await restoreBackup(h.db, h.dialect, file);
      expect(restored.settings).toBe(0);
      expect((await readSettings(h.db, smsAlertSettings)).smsSecret).toBe("");
      const keys = (await h.db.selectFrom("settings").select("key").execute()).map((r) => r.key);
      expect(keys).not.toContain("PAYMENTS_SMS_SECRET");
      expect(keys).not.toContain("SOMETHING_ELSE");
    } finally {
      await h.cleanup();
    }
  });

  it("changes nothing when any line is not this shop's row, even after the first thousand", async () => {
    const h = await freshDatabase(kind);
    try {
      const template = await makeOrder(h.db);
      const row = await h.db.selectFrom("orders").selectAll().where("id", "=", template.id).executeTakeFirstOrThrow();
      await h.db.deleteFrom("orders").execute();
      const orders = Array.from({ length: 1_200 }, (_, i) => ({
        table: "orders",
        row: { ...row, id: 10_000 + i, order_id: `BK9${String(i).padStart(9, "0")}`, utr: null },
      }));
      for (const bad of [
        { table: "orders", row: { ...row, id: 20_000, order_id: "BK8000000000", is_admin: 1 } },
        { table: "orders", row: { ...row, id: 20_001, order_id: "BK8000000001", customer_name: { toString: 1 } } },
        { table: "admin_users", row: { id: 2, username: "attacker" } },
      ]) {
        await expect(restoreBackup(h.db, h.dialect, backupFile([...orders, bad]))).rejects.toThrow(
          /line 1202: .*nothing was restored/,
        );
        expect(await h.db.selectFrom("orders").select("id").execute()).toEqual([]);
      }
    } finally {
      await h.cleanup();
    }
  });

  it("leaves out a row whose order id is the shop's already, instead of failing half-way", async () => {
    const h = await freshDatabase(kind);
    try {
      const mine = await makeOrder(h.db);
      const row = await h.db.selectFrom("orders").selectAll().where("id", "=", mine.id).executeTakeFirstOrThrow();
      const file = backupFile([
        { table: "orders", row: { ...row, id: mine.id + 100, customer_name: "Someone else" } },
        { table: "orders", row: { ...row, id: mine.id + 101, order_id: "BK7000000001" } },
      ]);
      const restored = await restoreBackup(h.db, h.dialect, file);
      expect(restored.orders).toBe(1);
      const names = await h.db.selectFrom("orders").select(["order_id", "customer_name"]).orderBy("id").execute();
      expect(names).toEqual([
        { order_id: mine.order_id, customer_name: row.customer_name },
        { order_id: "BK7000000001", customer_name: row.customer_name },
      ]);
    } finally {
      await h.cleanup();
    }
  });
});
