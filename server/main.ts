import * as serverBuild from "virtual:react-router/server-build";
import { type Config, ConfigError, loadConfig } from "~/lib/server/config.server";
import { createLogger } from "~/lib/server/logger.server";
import { announceSetupLink } from "./setup-link";
import { writeCrashNote } from "./crash-note";
import { type StartOptions, startServer } from "./start";

/**
 * The entry of Vite's server build (vite.config.ts): the Express server and
 * React Router's routes are bundled together, so they share one copy of every
 * module, the router context keys above all. `server.js` calls it once NODE_ENV
 * is settled; in development it passes the Vite dev server and a loader that
 * fetches the routes afresh as files change.
 */
export async function main(dev?: Required<StartOptions>): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  const logger = createLogger(config.LOG_LEVEL, config.LOG_FORMAT);
  // Every background job catches its own errors (issue 52); anything that still escapes ends the process,
  // as Node would, but says why first, in the log and in a note the next start records (Health: Restarts).
  const die = (kind: string) => (error: unknown) => {
    logger.fatal({ err: error }, `${kind}: the process stops (its supervisor starts it again)`);
    writeCrashNote(config, error);
    process.exit(1);
  };
  process.on("uncaughtException", die("uncaught exception"));
  process.on("unhandledRejection", die("unhandled promise rejection"));

  try {
    const running = await startServer(config, logger, dev ?? { build: serverBuild });
    logger.info(
      { url: running.url, database: config.database.kind, node: process.version },
      `shop listening on ${running.url}`,
    );
    // The last thing the first start prints: the link the operator must open.
    if (running.setupUrl) announceSetupLink(logger, running.setupUrl);

    const stop = (signal: string) => {
      logger.info({ signal }, "shutting down");
      running.shutdown().then(
        () => {
          logger.info("stopped");
          process.exit(0);
        },
        (error) => {
          logger.error({ err: error }, "shutdown failed");
          process.exit(1);
        },
      );
    };
    process.once("SIGTERM", () => stop("SIGTERM"));
    process.once("SIGINT", () => stop("SIGINT"));
  } catch (error) {
    logger.fatal({ err: error }, "could not start");
    process.exit(1);
  }
}
