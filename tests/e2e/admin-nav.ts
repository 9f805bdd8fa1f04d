import type { Locator, Page } from "@playwright/test";
import { hydrated } from "./storefront-support";

/**
 * The admin's navigation, ready to click: on a phone its menu opened first. Waits for React, since a tap on
 * "Open menu" before the page hydrated is lost and the closed menu's links stay inert.
 */
export async function adminNav(page: Page): Promise<Locator> {
  await hydrated(page);
  const menu = page.getByRole("button", { name: "Open menu" });
  if (await menu.isVisible()) await menu.click();
  return page.getByRole("navigation", { name: "Admin navigation" });
}
