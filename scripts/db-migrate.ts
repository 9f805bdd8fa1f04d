import { migrateToLatest } from "~/db/migrate.server";
import { openConfiguredDatabase } from "./cli";

const { config, database } = openConfiguredDatabase();
try {
  const { results = [] } = await migrateToLatest(database.db, database.dialect);
  if (results.length === 0) console.log(`${config.database.kind}: schema already up to date`);
  for (const r of results) console.log(`${config.database.kind}: ${r.migrationName} ${r.status}`);
} finally {
  await database.close();
}
