import { createContext } from "react-router";
import type { DB, Dialect } from "~/db/database.server";
import type { SettingsCache } from "~/domain/settings/settings.server";
import type { Config } from "../server/config";
import type { Logger } from "../server/logger";

/** What the Express server hands every loader and action (see server/app.ts). */
export interface AppServices {
  db: DB;
  dialect: Dialect;
  settings: SettingsCache;
  /** Validated environment (server/config.ts). */
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
