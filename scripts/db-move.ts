import { parseArgs } from "node:util";
import { openDatabase } from "~/db/database.server";
import { migrateToLatest } from "~/db/migrate.server";
import { MoveRefused, moveSqliteToPostgres, postgresHoldsShop } from "~/db/move-to-postgres.server";
import { plural } from "~/lib/plural";
import { openConfiguredDatabase } from "./cli";

/**
 * npm run db:move -- --to postgres://user:password@host:5432/shop [--force]
 *
 * Moves the shop from the SQLite file DATABASE_URL names into the PostgreSQL database --to names
 * (docs/deploy.md, "Moving to PostgreSQL"): both are brought to this release's schema, every row is
 * copied in one transaction with its id, and the rows are counted on both sides. A PostgreSQL database
 * that already holds a shop is replaced only with --force. Stop the shop first; afterwards, point
 * DATABASE_URL at PostgreSQL and start it.
 */
const { values } = parseArgs({
  options: { to: { type: "string" }, force: { type: "boolean", default: false } },
});

function refuse(message: string): never {
  console.error(`Refused: ${message}`);
  console.error("Nothing was changed.");
  process.exit(1);
}

const to = values.to ?? "";
if (!/^postgres(ql)?:\/\//.test(to)) {
  console.error("Usage: npm run db:move -- --to postgres://user:password@host:5432/database [--force]");
  process.exit(2);
}
const { config, database: source } = await openConfiguredDatabase();
if (config.database.kind !== "sqlite") {
  await source.close();
  refuse("DATABASE_URL already names a PostgreSQL database: db:move copies a SQLite shop into PostgreSQL.");
}
const sourceFile = config.database.file;
const where = (() => {
  const u = new URL(to);
  return `${u.hostname}${u.port ? `:${u.port}` : ""}${u.pathname}`;
})();

try {
  let holdsShop: boolean;
  try {
    holdsShop = await postgresHoldsShop(to);
  } catch (error) {
    refuse(`the PostgreSQL database ${where} cannot be opened: ${(error as Error).message}`);
  }
  if (holdsShop && !values.force) {
    refuse(
      `the PostgreSQL database ${where} already holds a shop (orders or plans). Move into a new, empty database (createdb), or run again with --force to replace it.`,
    );
  }
  console.log(`[1/3 schema] bringing both databases to this release's schema`);
  await migrateToLatest(source.db, source.dialect);
  const target = openDatabase({ kind: "postgres", url: to, poolSize: 1 });
  try {
    await migrateToLatest(target.db, target.dialect);
  } finally {
    await target.close();
  }
  await source.close();

  console.log(`[2/3 copy] ${sourceFile} → PostgreSQL ${where}, one transaction`);
  const result = await moveSqliteToPostgres({
    source: sourceFile,
    url: to,
    onTable: (t) => console.log(`  ${t.table.padEnd(32)} ${t.rows}`),
  });
  const rows = result.tables.reduce((sum, t) => sum + t.rows, 0);
  console.log(
    `[3/3 check] the same number of rows in each table on both sides; ${plural(result.sequences, "id sequence")} set after the largest id`,
  );
  console.log(
    `Moved ${plural(rows, "row")} in ${plural(result.tables.length, "table")} to PostgreSQL ${where} in ${(result.ms / 1000).toFixed(1)} s.${holdsShop ? " The shop that was there is replaced." : ""}`,
  );
  console.log(
    `Next: set DATABASE_URL=${to.replace(/:[^:@/]*@/, ":…@")} in the shop's environment and start the shop. ${sourceFile} stays as it is: keep it until the shop runs well on PostgreSQL.`,
  );
} catch (error) {
  await source.close().catch(() => {});
  if (error instanceof MoveRefused) refuse(error.message);
  throw error;
}
