import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/database.server";
import { writeBackup } from "~/domain/backups/backup.server";
import { deleteAllData } from "~/domain/backups/danger-zone.server";
import { takeDatabaseBackup } from "~/domain/backups/database-backup.server";
import { freshDatabase, testDatabases } from "../support/databases";
import { makeOrder } from "../support/orders";

/**
 * Security round 4, finding 8: under `npm start` the pre-delete and
 * danger-zone backups were 0644 in a 0755 folder, readable by every local
 * user. Every file holding buyer data is now 0600 in a 0700 folder, even with
 * the most permissive umask and a folder an earlier version made 0755.
 */

const mode = (path: string) => statSync(path).mode & 0o777;
let umask = 0;
let root = "";
beforeAll(() => {
  umask = process.umask(0);
  root = mkdtempSync(join(tmpdir(), "shop-private-"));
});
afterAll(() => {
  process.umask(umask);
  rmSync(root, { recursive: true, force: true });
});

/** A backup folder as an earlier version, or `npm start` with umask 022, left it. */
function openFolder(name: string): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o755);
  return dir;
}

describe.each(testDatabases())("files holding buyer data on $name", (kind) => {
  it("writes an order backup and the danger zone's backup 0600 in a 0700 folder, whatever the umask", async () => {
    const h = await freshDatabase(kind);
    try {
      const order = await makeOrder(h.db, { customer_name: "Asha Verma", customer_phone: "9876543210" });
      const dir = openFolder(`orders-${kind.name}`);
      const { name } = await writeBackup(h.db, dir, { orderIds: [order.order_id] }, `order-${order.order_id}`);
      expect(mode(join(dir, name))).toBe(0o600);
      expect(mode(dir)).toBe(0o700);

      const zone = openFolder(`zone-${kind.name}`);
      const deleted = await deleteAllData(h.db, { name: "owner" }, zone);
      expect(mode(join(zone, deleted.backup))).toBe(0o600);
      expect(mode(zone)).toBe(0o700);
    } finally {
      await h.cleanup();
    }
  });
});

describe("the SQLite database and its whole-database backups", () => {
  it("creates the database, its WAL and shared memory 0600 in a 0700 folder, and tightens ones left open", async () => {
    const dir = join(root, "data");
    const file = join(dir, "shop.db");
    const handle = openDatabase({ kind: "sqlite", file });
    try {
      await handle.db
        .selectFrom("orders")
        .select("id")
        .execute()
        .catch(() => []);
      expect(mode(dir)).toBe(0o700);
      for (const path of [file, `${file}-wal`, `${file}-shm`])
        if (existsSync(path)) expect(mode(path), path).toBe(0o600);
      expect(existsSync(`${file}-wal`)).toBe(true);
    } finally {
      await handle.close();
    }

    // A database an older version left readable: tightened when the shop opens it.
    const older = join(openFolder("older"), "shop.db");
    writeFileSync(older, "");
    chmodSync(older, 0o644);
    const again = openDatabase({ kind: "sqlite", file: older });
    await again.close();
    expect(mode(older)).toBe(0o600);
    expect(mode(join(root, "older"))).toBe(0o700);
  });

  it("takes a whole-database backup into a folder left 0755 and makes it 0700", async () => {
    const h = await freshDatabase(testDatabases()[0]!);
    try {
      const backups = openFolder("backups");
      const backup = (await takeDatabaseBackup(h.db, backups))!;
      expect(mode(backup.file)).toBe(0o600);
      expect(mode(backups)).toBe(0o700);
    } finally {
      await h.cleanup();
    }
  });
});
