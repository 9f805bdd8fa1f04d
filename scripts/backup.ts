import { existsSync, writeFileSync } from "node:fs";
import { generateIdentity, identityToRecipient } from "age-encryption";
import { migrateToLatest } from "~/db/migrate.server";
import { listDatabaseBackups, takeDatabaseBackup } from "~/domain/backups/database-backup.server";
import { describeUploadError, offsiteTarget, uploadBackup } from "~/domain/backups/offsite.server";
import { openConfiguredDatabase } from "./cli";

/**
 * npm run backup -- now             a whole-database backup now (before an upgrade), copied off the machine when set up
 * npm run backup -- list            the backups, newest first, and where each went
 * npm run backup -- keygen <file>   a new age key pair for off-machine copies: the secret key into <file>,
 *                                   the public key (BACKUP_ENCRYPTION_RECIPIENT) on the screen
 */
const [command, arg] = process.argv.slice(2);

if (command === "keygen") {
  if (!arg) {
    console.error("Usage: npm run backup -- keygen <file for the secret key>");
    process.exit(2);
  }
  if (existsSync(arg)) {
    console.error(`${arg} exists: choose a new file (a key that opens older backups must not be overwritten)`);
    process.exit(1);
  }
  const identity = await generateIdentity();
  const recipient = await identityToRecipient(identity);
  writeFileSync(arg, `# created: ${new Date().toISOString()}\n# public key: ${recipient}\n${identity}\n`, {
    mode: 0o600,
  });
  console.log(
    `Secret key written to ${arg}: keep it OFF this server (a password manager, a USB stick); it opens every copy.`,
  );
  console.log(`Set on the server:\nBACKUP_ENCRYPTION_RECIPIENT=${recipient}`);
} else if (command === "now" || command === "list") {
  const { config, database } = await openConfiguredDatabase();
  try {
    if (database.dialect !== "sqlite") {
      console.error(
        "The shop runs on PostgreSQL: back it up with pg_dump -Fc or your provider's snapshots (docs/deploy.md).",
      );
      process.exitCode = 1;
    } else if (command === "now") {
      await migrateToLatest(database.db, database.dialect);
      const backup = await takeDatabaseBackup(database.db, config.BACKUP_DIR);
      if (backup) {
        console.log(`Backed up to ${backup.file} (${Math.ceil(backup.bytes / 1024)} KB, sha256 ${backup.sha256}).`);
        const target = offsiteTarget(config);
        if (target) {
          try {
            const copy = await uploadBackup(target, backup);
            console.log(`Copied, encrypted, to s3://${copy.bucket}/${copy.key}.`);
          } catch (error) {
            console.error(
              `The copy to ${target.label} failed: ${describeUploadError(error)} (the shop tries again by itself).`,
            );
            process.exitCode = 1;
          }
        }
      }
    } else {
      const backups = await listDatabaseBackups(config.BACKUP_DIR);
      if (backups.length === 0) console.log(`No whole-database backups in ${config.BACKUP_DIR}.`);
      for (const b of backups) {
        const where = b.offsite ? `copied to s3://${b.offsite.bucket}/${b.offsite.key}` : "on this machine only";
        console.log(`${b.file}  ${Math.ceil(b.bytes / 1024)} KB  ${where}`);
      }
    }
  } finally {
    await database.close();
  }
} else {
  console.error("Usage: npm run backup -- now | list | keygen <file>");
  process.exitCode = 2;
}
