import type { DB } from "~/db/database.server";
import { findPanelByName, insertPanel, setDefaultPanel, updatePanel } from "~/domain/panel/panels.repository.server";
import type { NewPanelRow } from "~/domain/panel/table";

/**
 * One call that gives a test shop a panel record (migration 0034): its URL
 * and key, and whatever else the test names (currency, rate, link forms, the
 * service per type). A panel of that name is updated; the shop's first panel
 * is its default, and `isDefault` makes another one the default.
 */
export type TestPanel = Partial<Omit<NewPanelRow, "id" | "is_default" | "created_at" | "updated_at">> & {
  api_url: string;
  api_key: string;
  isDefault?: boolean;
};

export async function addTestPanel(db: DB, { isDefault, ...panel }: TestPanel): Promise<number> {
  const name = panel.name ?? new URL(panel.api_url).host;
  const existing = await findPanelByName(db, name);
  const id = existing ? existing.id : await insertPanel(db, { ...panel, name });
  if (existing) await updatePanel(db, id, panel);
  if (isDefault) await setDefaultPanel(db, id);
  return id;
}

/** The fields of a panel at a simulator or double (its API URL and key) with the service per type. */
export function panelAt(
  apiUrl: string,
  apiKey: string,
  services: { followers: string; likes: string; views: string; comments: string; customComments?: string },
): TestPanel {
  return {
    api_url: apiUrl,
    api_key: apiKey,
    service_followers: services.followers,
    service_likes: services.likes,
    service_views: services.views,
    service_comments: services.comments,
    service_custom_comments: services.customComments ?? "",
  };
}

/**
 * A test shop's environment for walks through panel outages in end-to-end
 * files: the doubles on loopback, short timeouts and backoffs, frequent syncs
 * (the jobs still run only when the test asks).
 */
export const QUICK_PANEL_ENV: Readonly<Record<string, string>> = {
  PANEL_ALLOW_PRIVATE_ADDRESSES: "true",
  PANEL_TIMEOUT_MS: "2000",
  PANEL_RETRY_BASE_MS: "100",
  PANEL_SYNC_INTERVAL_MS: "200",
};
