import { ConfigError, type Config, loadConfig } from "../app/lib/config.server";
import { type DatabaseHandle, openDatabase } from "~/db/database.server";

/** The validated configuration; exits with a clear message on a bad one. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
}

/** Opens the configured database for a one-off command; exits with a clear message on bad config. */
export function openConfiguredDatabase(): { config: Config; database: DatabaseHandle } {
  const config = loadConfigOrExit();
  const database = openDatabase(
    config.database.kind === "postgres" ? { ...config.database, poolSize: 2 } : config.database,
  );
  return { config, database };
}
