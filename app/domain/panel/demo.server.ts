import type { AppServices } from "~/context";
import { findDefaultPanel, insertPanel, updatePanel } from "./panels.repository.server";
import { DEMO_PANEL_KEY, DEMO_SERVICE_IDS } from "./simulator/panel";
import { type RunningSimulator, startPanelSimulator } from "./simulator/server.server";

/**
 * The demo (`npm start`) runs the panel simulator beside the shop and points
 * the default panel at it (adding it as "Demo panel" when the shop has none),
 * but only while its key is empty or still the demo's: an operator's own
 * panel is never overwritten.
 */
export const DEMO_PANEL_NAME = "Demo panel";

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
  const panel = await findDefaultPanel(services.db);
  const key = panel?.api_key.trim() ?? "";
  if (key === "" || key === DEMO_PANEL_KEY) {
    const demo = {
      api_url: simulator.apiUrl,
      api_key: DEMO_PANEL_KEY,
      service_followers: DEMO_SERVICE_IDS.followers,
      service_likes: DEMO_SERVICE_IDS.likes,
      service_views: DEMO_SERVICE_IDS.views,
      service_comments: DEMO_SERVICE_IDS.comments,
      currency: "INR",
    };
    if (panel) await updatePanel(services.db, panel.id, demo);
    else await insertPanel(services.db, { ...demo, name: DEMO_PANEL_NAME });
    services.logger.warn(
      { url: simulator.url },
      "PANEL_SIMULATOR is on: orders go to a simulated SMM panel and nothing is delivered (set PANEL_SIMULATOR=false and your panel's settings for real use)",
    );
  } else {
    services.logger.info({ url: simulator.url }, "panel simulator running; the shop uses the panel in its settings");
  }
  return simulator;
}
