import pino from "pino";
import { afterEach } from "vitest";
import type { AppServices } from "~/context";
import { alertSettingsSchema } from "~/domain/operator-alerts/alert-settings";
import { saveAlertSettings } from "~/domain/operator-alerts/alert-settings.server";
import type { SiteSettings } from "~/domain/settings/registry";
import { createSettingsCache, writeSettings } from "~/domain/settings/settings.server";
import { type Config, loadConfig } from "../../app/lib/server/config.server";
import { type TestDatabase, freshDatabase } from "./databases";
import { type TestPanel, addTestPanel, panelAt } from "./panels";
import { type DoubleOptions, type PanelDialect, type PanelDouble, startPanelDouble } from "./panel-doubles";

/**
 * A shop's services on a fresh database with one family's panel double, the
 * shop's default panel record pointing at it (URL as its API page shows it,
 * key, currency, each type's service), as the panel integration tests need it.
 * Both are closed after each test.
 */

/** Each family's services for followers, likes, views, random and custom comments (panel-doubles.ts). */
export const DIALECT_SERVICES: Record<
  PanelDialect,
  { followers: string; likes: string; views: string; comments: string; customComments: string }
> = {
  perfectpanel: { followers: "1", likes: "2", views: "3", comments: "4", customComments: "5" },
  indian: { followers: "1201", likes: "1202", views: "1203", comments: "1204", customComments: "1205" },
  smartpanel: { followers: "31", likes: "32", views: "33", comments: "34", customComments: "35" },
};

export interface PanelShopOptions extends DoubleOptions {
  /** Over the defaults, which allow the double's loopback address. */
  config?: Partial<Config>;
  /** Site settings (a UPI ID…). */
  settings?: Partial<SiteSettings>;
  /** Over the panel record made from the double (link forms, currency and rate, a service of one's own…). */
  panel?: Partial<TestPanel>;
  /** The operator hears alerts (by Web Push, which needs nothing more to be a complete channel). */
  alerts?: boolean;
}

export interface PanelShop {
  services: AppServices;
  panel: PanelDouble;
}

const logger = pino({ level: "silent" });

/** Call inside a `describe`: returns the set-up each test calls with its family. */
export function panelShops(
  kind: TestDatabase,
): (dialect: PanelDialect, options?: PanelShopOptions) => Promise<PanelShop> {
  let close: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of close.reverse()) await step();
    close = [];
  });

  return async (dialect, { config, settings, panel: fields, alerts, ...double } = {}) => {
    const panel = await startPanelDouble(dialect, double);
    close.push(() => panel.close());
    const handle = await freshDatabase(kind);
    close.push(handle.cleanup);
    const services: AppServices = {
      db: handle.db,
      dialect: handle.dialect,
      settings: createSettingsCache(handle.db, 0),
      config: { ...loadConfig({ PANEL_ALLOW_PRIVATE_ADDRESSES: "true" }), ...config },
      logger,
    };
    const ids = DIALECT_SERVICES[dialect];
    await addTestPanel(handle.db, { ...panelAt(panel.apiUrl, panel.apiKey, ids), currency: panel.currency, ...fields });
    if (settings) await writeSettings(handle.db, settings);
    if (alerts)
      await saveAlertSettings(handle.db, { settings: alertSettingsSchema.parse({ push: { enabled: true } }) });
    return { services, panel };
  };
}
