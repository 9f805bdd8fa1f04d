import { migrateToLatest } from "~/db/migrate.server";
import { seedDemoData } from "~/db/seed.server";
import { openConfiguredDatabase } from "./cli";

const { database } = await openConfiguredDatabase({ create: true });
try {
  await migrateToLatest(database.db, database.dialect);
  const { plansAdded, settingsAdded } = await seedDemoData(database.db);
  await database.db
    .insertInto("app_meta")
    .values({ key: "seeded_at", value: new Date().toISOString() })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  console.log(plansAdded ? `Added ${plansAdded} demo plans.` : "The shop already has plans; none added.");
  console.log(settingsAdded ? `Added ${settingsAdded} default settings.` : "Every setting already has a value.");
} finally {
  await database.close();
}
