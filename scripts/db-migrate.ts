import { migrateToLatest } from "~/db/migrate.server";
import { openConfiguredDatabase } from "./cli";

// A new database is made by the shop's first start (or --create); an upgrade migrates the one that is there.
const { config, database } = await openConfiguredDatabase({ create: process.argv.includes("--create") });
try {
  const { results = [] } = await migrateToLatest(database.db, database.dialect);
  if (results.length === 0) console.log(`${config.database.kind}: schema already up to date`);
  for (const r of results) console.log(`${config.database.kind}: ${r.migrationName} ${r.status}`);
} finally {
  await database.close();
}
