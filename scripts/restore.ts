import { existsSync } from "node:fs";
import { migrateToLatest } from "~/db/migrate.server";
import { backupPath, listBackups, restoreBackup } from "~/domain/backups/backup.server";
import { recordAudit } from "~/domain/audit/audit.server";
import { plural } from "~/lib/plural";
import { openConfiguredDatabase } from "./cli";

const arg = process.argv[2];
const { config, database } = openConfiguredDatabase();
try {
  if (!arg) {
    const backups = await listBackups(config.BACKUP_DIR);
    console.error("Usage: npm run restore -- <backup file name or path>");
    console.error(backups.length ? `Backups in ${config.BACKUP_DIR}:` : `No backups in ${config.BACKUP_DIR}.`);
    for (const b of backups) console.error(`  ${b.name}  (${Math.ceil(b.bytes / 1024)} KB)`);
    process.exitCode = 2;
  } else {
    const file = existsSync(arg) ? arg : backupPath(config.BACKUP_DIR, arg);
    if (!file || !existsSync(file)) {
      console.error(`No backup named ${arg} (looked in ${config.BACKUP_DIR})`);
      process.exitCode = 2;
    } else {
      await migrateToLatest(database.db, database.dialect);
      const restored = await restoreBackup(database.db, database.dialect, file);
      await recordAudit(database.db, { actor: "cli", action: "data.restore", details: { file: arg, restored } });
      console.log(
        `Restored ${plural(restored.orders, "order")}, ${plural(restored.plans, "plan")} and ${plural(restored.settings, "setting")} from ${arg}.`,
      );
      if (restored.settings > 0) {
        console.log("Backups never hold the SMM panel API key: enter it again in Settings if it was deleted.");
      }
    }
  }
} finally {
  await database.close();
}
