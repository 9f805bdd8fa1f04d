import { createContext } from "react-router";
import type { DB, Dialect } from "~/db/database.server";
import type { SettingsCache } from "~/domain/settings/settings.server";
import type { Config } from "~/lib/server/config.server";
import type { Logger } from "~/lib/server/logger.server";

/** What the Express server hands every loader and action through the router context. */
export interface AppServices {
  db: DB;
  dialect: Dialect;
  settings: SettingsCache;
  /** Validated environment (lib/server/config.server.ts). */
  config: Config;
  logger: Logger;
  /**
   * Base URL of the demo SMM panel simulator this process runs (PANEL_SIMULATOR=true):
   * the one loopback panel address allowed without PANEL_ALLOW_PRIVATE_ADDRESSES.
   */
  demoPanelUrl?: string;
}

export const servicesContext = createContext<AppServices>();

/** Per-request CSP nonce, so the only inline scripts that run are React Router's own. */
export const nonceContext = createContext<string>("");

/**
 * True when the page is rendered for the public page cache (server/page-cache.ts):
 * rendered whole before it is sent, with no nonce (its CSP names the hashes of its scripts).
 */
export const pageCacheRenderContext = createContext<boolean>(false);
