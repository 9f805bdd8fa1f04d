import type { AppServices } from "~/context";
import type { RequestClient } from "~/domain/audit/audit.server";
import type { AdminSession } from "~/domain/auth/session.server";
import { changeAdminCredentials } from "~/domain/auth/credentials.server";
import {
  DELETE_OPTIONS,
  type DeleteOption,
  deleteAllData,
  deleteSelectedData,
} from "~/domain/backups/danger-zone.server";
import { saveSettingsForm } from "./admin.server";
import type { SettingsForm } from "./validation";

export type SettingsActionResult =
  | { ok: true; message: string; intent: string }
  | { ok: false; message: string; intent: string; field?: string; status?: 429; retryAfterSeconds?: number };

const SAVED: Record<SettingsForm, string> = {
  smm: "SMM Panel settings saved successfully",
  payment: "Payment settings saved successfully",
  store: "Store details saved successfully",
};

/** Runs one submit of the Settings page: a card's save, or a danger-zone deletion. */
export async function runSettingsAction(
  services: Pick<AppServices, "db" | "settings" | "config">,
  admin: AdminSession,
  form: FormData,
  client: RequestClient,
): Promise<SettingsActionResult> {
  const actor = { name: admin.username, client };
  const intent = String(form.get("intent") ?? "");
  const values = Object.fromEntries(
    [...form.entries()].filter(([k]) => k !== "intent").map(([k, v]) => [k, String(v)]),
  );

  if (intent === "smm" || intent === "payment" || intent === "store") {
    const result = await saveSettingsForm(services.db, actor, intent, values);
    if (!result.ok) return { ok: false, intent, message: result.message, field: result.field };
    services.settings.clear();
    return { ok: true, intent, message: SAVED[intent] };
  }
  if (intent === "credentials") {
    const result = await changeAdminCredentials(
      services.db,
      { adminUserId: admin.adminUserId, sessionId: admin.id, username: admin.username },
      values,
      client,
    );
    return { ...result, intent };
  }
  if (intent === "delete-selected") {
    const chosen = form.getAll("deleteOptions").map(String);
    const options = chosen.filter((o): o is DeleteOption => (DELETE_OPTIONS as readonly string[]).includes(o));
    if (options.length === 0) return { ok: false, intent, message: "Please select at least one item to delete" };
    const result = await deleteSelectedData(services.db, actor, services.config.BACKUP_DIR, options);
    services.settings.clear();
    return { ok: true, intent, message: `Successfully deleted selected data: ${result.labels.join(", ")}` };
  }
  if (intent === "delete-all") {
    await deleteAllData(services.db, actor, services.config.BACKUP_DIR);
    services.settings.clear();
    return { ok: true, intent, message: "All data has been permanently deleted from the database" };
  }
  return { ok: false, intent, message: "Unknown action" };
}
