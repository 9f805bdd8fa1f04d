import type { AppServices } from "~/context";
import type { Actor } from "~/domain/audit/audit.server";
import { AppError } from "~/lib/app-error";
import { saveSettingValues } from "./admin.server";
import { SITE_GROUPS } from "./registry";
import type { SiteSettingsAction, SiteSettingsIntent } from "./settings-actions";

/**
 * Saves one site settings card of the Settings page. A refusal is thrown as
 * an AppError (INVALID_INPUT naming the field). Every instance's settings
 * cache learns of the save from the write itself (settings.server.ts).
 */
export async function runSiteSettingsAction(
  services: Pick<AppServices, "db">,
  actor: Actor,
  action: SiteSettingsAction,
): Promise<{ ok: true; message: string; intent: SiteSettingsIntent }> {
  const { intent, ...values } = action;
  const result = await saveSettingValues(services.db, actor, intent, values);
  if (!result.ok) throw new AppError("INVALID_INPUT", result.message, { field: result.field ?? null });
  return { ok: true, intent, message: SITE_GROUPS[intent].card!.saved };
}
