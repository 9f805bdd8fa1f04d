import type { z } from "zod";
import type { DB } from "~/db/database.server";
import { type Actor, auditBy, recordAudit } from "~/domain/audit/audit.server";
import { apiEndpoint } from "~/domain/panel/client.server";
import { AppError } from "~/lib/app-error";
import { secretLeftBehind } from "~/lib/saved-secret";
import { SETTINGS, type SettingName, type SiteSettings, settingNameForKey } from "./registry";
import { readSiteSettings, writeSettings } from "./settings.server";
import { SETTINGS_FORMS, type SettingsForm } from "./validation";

/** Shows a secret as "••••1a2b": enough to recognise it, never enough to use it. */
export function maskSecret(value: string): string {
  if (!value) return "";
  return value.length > 8 ? `••••${value.slice(-4)}` : "••••";
}

/** Every setting as the admin screens may see it: secrets masked. */
export async function settingsForAdmin(db: DB): Promise<SiteSettings> {
  const settings = await readSiteSettings(db);
  for (const [name, def] of Object.entries(SETTINGS)) {
    if ("secret" in def && def.secret) settings[name as SettingName] = maskSecret(settings[name as SettingName]);
  }
  return settings;
}

/** A new panel URL with the key field left empty: the saved key would go to an address it was not entered for. */
function keyLeftBehind(current: SiteSettings, input: Record<string, string>): boolean {
  return secretLeftBehind({
    saved: current.panelApiKey,
    typed: input.panelApiKey ?? "",
    savedFor: apiEndpoint(current.panelUrl),
    goingTo: apiEndpoint(input.panelUrl ?? ""),
  });
}

const KEY_LEFT_BEHIND =
  "Enter the API key again to change the panel URL: the saved key is only sent to the URL it was saved with";

export type SaveResult =
  { ok: true; changed: Partial<Record<SettingName, string>> } | { ok: false; message: string; field?: string };

/**
 * Validates and saves one settings card. Returns what changed, with secrets
 * masked, for the audit trail. An empty secret field keeps the saved secret.
 */
export async function saveSettingsForm(db: DB, actor: Actor, form: SettingsForm, input: unknown): Promise<SaveResult> {
  const parsed = (SETTINGS_FORMS[form] as z.ZodType<Record<string, string>>).safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, message: issue.message, field: issue.path.join(".") };
  }
  const current = await readSiteSettings(db);
  if (form === "smm" && keyLeftBehind(current, parsed.data)) {
    return { ok: false, message: KEY_LEFT_BEHIND, field: "panelApiKey" };
  }
  const values: Partial<Record<SettingName, string>> = {};
  const changed: Partial<Record<SettingName, string>> = {};
  for (const [name, value] of Object.entries(parsed.data) as [SettingName, string][]) {
    const def = SETTINGS[name];
    const secret = "secret" in def && def.secret;
    if (secret && value === "") continue;
    if (current[name] === value) continue;
    values[name] = value;
    changed[name] = secret ? maskSecret(value) : value;
  }
  await db.transaction().execute(async (trx) => {
    await writeSettings(trx, values);
    if (Object.keys(changed).length > 0) {
      await recordAudit(trx, {
        ...auditBy(actor),
        action: "settings.update",
        targetType: "settings",
        targetId: form,
        details: changed,
      });
    }
  });
  return { ok: true, changed };
}

/**
 * The single-key read (GET /api/admin/setting/{key}). The admin username is
 * readable; the password never is, in any form (FORBIDDEN). An unknown key is NOT_FOUND.
 */
export async function readSettingForApi(db: DB, key: string): Promise<{ ok: true; value: string }> {
  if (key === "VITE_ADMIN_PASSWORD") throw new AppError("FORBIDDEN", "The admin password is never sent back");
  if (key === "VITE_ADMIN_USERNAME") {
    const admin = await db.selectFrom("admin_users").select("username").orderBy("id").executeTakeFirst();
    return { ok: true, value: admin?.username ?? "" };
  }
  const name = settingNameForKey(key);
  if (!name) throw new AppError("NOT_FOUND", "Setting not found");
  const value = (await readSiteSettings(db))[name];
  const def = SETTINGS[name];
  return { ok: true, value: "secret" in def && def.secret ? maskSecret(value) : value };
}

/** Whether a key (as the settings API names it) is a secret: writing a new one asks for a recent password. */
export function isSecretSetting(key: string): boolean {
  const name = settingNameForKey(key);
  if (!name) return false;
  const def = SETTINGS[name];
  return "secret" in def && def.secret === true;
}

/** Which card a key belongs to, so a single-key write is validated like its card. */
export function formForKey(key: string): { form: SettingsForm; name: SettingName } | null {
  const name = settingNameForKey(key);
  if (!name) return null;
  const group = SETTINGS[name].group;
  return { form: group, name };
}

/**
 * The spec's single-key write (POST /api/admin/setting {key, value}), validated
 * with the rules of the key's card.
 */
export async function writeSettingForApi(db: DB, actor: Actor, key: string, value: unknown): Promise<SaveResult> {
  const target = formForKey(key);
  if (!target) return { ok: false, message: "Unknown setting", field: "key" };
  if (typeof value !== "string") return { ok: false, message: "value must be text", field: "value" };
  const schema = SETTINGS_FORMS[target.form] as unknown as z.ZodObject<Record<string, z.ZodType>>;
  const fieldSchema = schema.shape[target.name];
  if (!fieldSchema) return { ok: false, message: "Unknown setting", field: "key" };
  const parsed = fieldSchema.safeParse(value);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]!.message, field: "value" };
  const def = SETTINGS[target.name];
  const secret = "secret" in def && def.secret;
  if (secret && parsed.data === "") return { ok: true, changed: {} };
  // One key at a time, a new panel URL cannot come with the key typed for it: the card must save both.
  if (target.name === "panelUrl" && keyLeftBehind(await readSiteSettings(db), { panelUrl: parsed.data as string })) {
    return { ok: false, message: KEY_LEFT_BEHIND, field: "value" };
  }
  const changed = { [target.name]: secret ? maskSecret(parsed.data as string) : (parsed.data as string) };
  await db.transaction().execute(async (trx) => {
    await writeSettings(trx, { [target.name]: parsed.data as string });
    await recordAudit(trx, {
      ...auditBy(actor),
      action: "settings.update",
      targetType: "settings",
      targetId: key,
      details: changed,
    });
  });
  return { ok: true, changed };
}
