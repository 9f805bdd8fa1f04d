import { ConfigError, type Config, loadConfig } from "../app/lib/config.server";
import { type DatabaseHandle, openDatabase } from "~/db/database.server";

/** Opens the configured database for a one-off command; exits with a clear message on bad config. */
export function openConfiguredDatabase(): { config: Config; database: DatabaseHandle } {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
  const database = openDatabase(
    config.database.kind === "postgres" ? { ...config.database, poolSize: 2 } : config.database,
  );
  return { config, database };
}
