import { createContext } from "react-router";
import type { DB, Dialect } from "~/db/database.server";
import type { SettingsCache } from "~/domain/settings/settings.server";

/** What the Express server hands every loader and action (see server/app.ts). */
export interface AppServices {
  db: DB;
  dialect: Dialect;
  settings: SettingsCache;
}

export const servicesContext = createContext<AppServices>();

/** Per-request CSP nonce, so the only inline scripts that run are React Router's own. */
export const nonceContext = createContext<string>("");
