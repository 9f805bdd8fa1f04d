import type { AppServices } from "~/context";
import { writeSettings } from "~/domain/settings/settings.server";
import { DEMO_PANEL_KEY, DEMO_SERVICE_IDS } from "./simulator/panel";
import { type RunningSimulator, startPanelSimulator } from "./simulator/server.server";

/**
 * The demo (`npm start`) runs the panel simulator beside the shop and points
 * the panel settings at it, but only while they are empty or still the demo's:
 * an operator's own panel settings are never overwritten.
 */
export async function startDemoPanel(
  services: Pick<AppServices, "db" | "settings" | "logger">,
  port: number,
): Promise<RunningSimulator | null> {
  let simulator: RunningSimulator;
  try {
    simulator = await startPanelSimulator({ port });
  } catch (error) {
    services.logger.warn({ err: error, port }, "panel simulator could not start; the demo cannot place orders");
    return null;
  }
  const settings = await services.settings.get();
  const key = settings.panelApiKey.trim();
  if (key === "" || key === DEMO_PANEL_KEY) {
    await writeSettings(services.db, {
      panelUrl: simulator.apiUrl,
      panelApiKey: DEMO_PANEL_KEY,
      panelServiceFollowers: DEMO_SERVICE_IDS.followers,
      panelServiceLikes: DEMO_SERVICE_IDS.likes,
      panelServiceViews: DEMO_SERVICE_IDS.views,
      panelServiceComments: DEMO_SERVICE_IDS.comments,
      panelCurrency: "INR",
    });
    services.settings.clear();
    services.logger.warn(
      { url: simulator.url },
      "PANEL_SIMULATOR is on: orders go to a simulated SMM panel and nothing is delivered (set PANEL_SIMULATOR=false and your panel's settings for real use)",
    );
  } else {
    services.logger.info({ url: simulator.url }, "panel simulator running; the shop uses the panel in its settings");
  }
  return simulator;
}
