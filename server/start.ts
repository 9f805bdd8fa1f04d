import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import type { AppServices } from "~/context";
import { type DatabaseHandle, openDatabase } from "~/db/database.server";
import { migrateToLatest } from "~/db/migrate.server";
import { seedDemoDataOnce } from "~/db/seed.server";
import { bootstrapAdmin } from "~/domain/auth/setup.server";
import { connectOrderListeners } from "~/domain/order-events/subscribers.server";
import { startDemoPanel } from "~/domain/panel/demo.server";
import { createSettingsCache, environmentOverrides } from "~/domain/settings/settings.server";
import { keepCatalogCopy } from "~/domain/checkout/catalog.server";
import { createApp } from "./app";
import { answerClientErrors } from "./client-errors";
import { createFrontDoor } from "./front-door";
import { warnAboutPublicBaseUrl } from "./public-url-warning";
import { proxyTrust } from "./proxy-trust";
import { setupLinkUrl } from "./setup-link";
import { startBackgroundJobs } from "./jobs";
import { startJobControl } from "./job-control";
import { inheritedSocket, trackConnections } from "./handover";
import { startDraining } from "./readiness";
import { instanceName, releaseName, takeCrashNote } from "./crash-note";
import { recordProcessStart, recordProcessStop } from "~/domain/health/process-starts.server";
import type { Config } from "~/lib/server/config.server";
import type { Logger } from "~/lib/server/logger.server";

export interface RunningServer {
  url: string;
  /** The first start's one-time setup link (no admin account yet), for the caller to print last. */
  setupUrl: string | null;
  server: Server;
  database: DatabaseHandle;
  /** Stops accepting, lets in-flight requests finish (up to the timeout), closes the database. */
  shutdown(): Promise<void>;
}

export interface StartOptions {
  /** React Router's server build, or a loader of it (the Vite dev server reloads it on change). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Development: the Vite dev server serves the browser modules and is closed on shutdown. */
  vite?: ViteDevServer;
}

export async function startServer(
  config: Config,
  logger: Logger,
  { build, vite }: StartOptions,
): Promise<RunningServer> {
  const database = openDatabase(
    config.database.kind === "postgres" ? { ...config.database, poolSize: config.DATABASE_POOL_SIZE } : config.database,
    (error) => logger.warn({ err: error }, "an idle database connection was closed; the pool opens a new one"),
  );
  const migrations = await migrateToLatest(database.db, database.dialect);
  // One line for all of them: a first start applies every migration there is.
  const applied = (migrations.results ?? []).map((m) => m.migrationName);
  if (applied.length > 0) {
    logger.info(
      { migrations: applied },
      `database: applied ${applied.length} migration${applied.length === 1 ? "" : "s"}`,
    );
  }
  // This start, and how the process before it ended: a crash loop shows on Health and /readyz.
  const processStart = await recordProcessStart(database.db, {
    instance: instanceName(config),
    pid: process.pid,
    release: releaseName(),
    crash: takeCrashNote(config),
  });
  if (processStart.previousCrashed) {
    logger.warn({ previous: processStart.previousEnd }, "started again after the previous process crashed");
  }
  if (config.SEED_DEMO_DATA && (await seedDemoDataOnce(database.db))) {
    logger.info("empty database: seeded the demo catalogue and default settings");
  }

  // Checkouts read the plans and receiving accounts from a copy their writers' topics drop (ADR 0052).
  keepCatalogCopy(database.db);
  const services: AppServices = {
    db: database.db,
    dialect: database.dialect,
    settings: createSettingsCache(database.db, undefined, undefined, environmentOverrides(config)),
    config,
    logger,
  };
  // What follows an order's change once it committed (a paid order to the panel) runs with these services.
  connectOrderListeners(services);
  // The demo's SMM panel (loopback only) and the background jobs (panel status sync).
  const simulator = config.PANEL_SIMULATOR ? await startDemoPanel(services, config.PANEL_SIMULATOR_PORT) : null;
  if (simulator) services.demoPanelUrl = simulator.url;
  // A test's job control (JOB_CONTROL_PORT) runs them on request, scheduled or not (JOBS_ENABLED).
  const controlPort = config.JOB_CONTROL_PORT;
  const jobs = config.JOBS_ENABLED || controlPort !== undefined ? startBackgroundJobs(services) : null;
  const jobControl = jobs && controlPort !== undefined ? await startJobControl(jobs, controlPort, logger) : null;
  const firstRun = await bootstrapAdmin(services);

  // Who the client is and whether it came over HTTPS, believed alike by every layer below.
  const trust = proxyTrust(config.TRUST_PROXY);
  const app = createApp({
    services,
    logger,
    trustProxy: config.TRUST_PROXY,
    build,
    clientDir: resolve(config.BUILD_DIR, "client"),
    vite,
  });

  // Development renders every page afresh, so edits show at once: no page cache.
  const door = createFrontDoor({ services, trust, app, build: typeof build === "function" ? null : build });
  const server = createServer(door.handle);
  answerClientErrors(server);
  const connections = trackConnections(server);
  // systemd's socket when it passed one (deploy/boostkaro.socket): kept open across restarts.
  const inherited = inheritedSocket();
  await new Promise<void>((ok, fail) => {
    server.once("error", fail);
    if (inherited) server.listen(inherited, () => ok());
    else server.listen(config.PORT, config.HOST, () => ok());
  });
  const { port } = server.address() as AddressInfo;
  const host = config.HOST === "0.0.0.0" || config.HOST === "127.0.0.1" ? "localhost" : config.HOST;
  const url = `http://${host}:${port}`;
  const { publicBaseUrl } = await services.settings.get();
  warnAboutPublicBaseUrl(logger, {
    nodeEnv: config.NODE_ENV,
    publicBaseUrl,
    fromEnv: Boolean(config.PUBLIC_BASE_URL),
    listeningUrl: url,
    port,
  });
  // Said last by the caller, once the server says it listens: the one thing the operator must act on.
  const setupUrl = firstRun ? setupLinkUrl(firstRun.setupPath, url, publicBaseUrl) : null;

  let stopping: Promise<void> | undefined;
  const shutdown = () =>
    (stopping ??= (async () => {
      // Several instances: the proxy's health check learns first, while this one still answers (docs/deploy.md).
      if (config.SHUTDOWN_DRAIN_MS > 0) {
        startDraining();
        await new Promise((done) => setTimeout(done, config.SHUTDOWN_DRAIN_MS));
      }
      // Requests in flight finish; a proxy's kept-alive connections are left for it to close (server/handover.ts).
      await connections.drain(config.SHUTDOWN_TIMEOUT_MS);
      door.stop();
      await jobControl?.close();
      await jobs?.stop();
      await simulator?.close();
      await vite?.close();
      await recordProcessStop(database.db, processStart.id).catch((error: unknown) =>
        logger.warn({ err: error }, "the clean stop could not be recorded"),
      );
      await database.close();
    })());

  return { url, setupUrl, server, database, shutdown };
}
