import { ConfigError, loadConfig } from "./config";

const dev = process.argv.includes("--dev");

let config;
try {
  config = loadConfig(dev ? { NODE_ENV: "development", ...process.env } : process.env);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(78); // EX_CONFIG
  }
  throw error;
}

// React and React Router pick their development or production build when first
// imported, so NODE_ENV must be settled before anything imports them.
process.env.NODE_ENV = config.NODE_ENV;
const { createLogger } = await import("./logger");
const { startServer } = await import("./start");
const logger = createLogger(config.LOG_LEVEL);

try {
  const running = await startServer(config, logger, { dev });
  logger.info({ url: running.url, database: config.database.kind }, `shop listening on ${running.url}`);

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
