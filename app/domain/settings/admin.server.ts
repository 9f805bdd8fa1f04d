import { type DB, transaction } from "~/db/database.server";
import { type Actor, auditBy, recordAudit } from "~/domain/audit/audit.server";
import { apiEndpoint } from "~/domain/panel/client.server";
import { PANEL_FIELD_SETTINGS } from "~/domain/panel/field-settings";
import { PANEL_FIELDS, PANEL_FIELD_NAMES } from "~/domain/panel/fields";
import { AppError } from "~/lib/app-error";
import { secretLeftBehind } from "~/lib/saved-secret";
import { type Setting, type SettingsGroup, cardSchema, maskSecret } from "./define";
import {
  SETTINGS,
  SITE_GROUPS,
  type SettingGroup,
  type SettingName,
  type SiteSettings,
  settingNameForKey,
} from "./registry";
import { readSiteSettings, writeSettings } from "./settings.server";

export { maskSecret } from "./define";

const setting = (name: SettingName) => SETTINGS[name] as Setting<unknown>;

/** A value as the settings API and the audit trail show it: text, a secret masked. */
function shown(name: SettingName, value: unknown): string {
  const def = setting(name);
  return def.secret ? maskSecret(def.encode(value)) : def.encode(value);
}

/** Every setting as the admin screens may see it: secrets masked. */
export async function settingsForAdmin(db: DB): Promise<SiteSettings> {
  const settings: Record<string, unknown> = await readSiteSettings(db);
  for (const name of Object.keys(SETTINGS) as SettingName[]) {
    if (setting(name).secret) settings[name] = shown(name, settings[name]);
  }
  return settings as SiteSettings;
}

/** A new panel URL with the key field left empty: the saved key would go to an address it was not entered for. */
function keyLeftBehind(current: SiteSettings, input: { panelUrl?: string; panelApiKey?: string }): boolean {
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

/** The form a group is saved with: its declarations' types (the panel's names: the panel's own rules, ADR 0040). */
function formSchema(group: SettingGroup) {
  return cardSchema(SITE_GROUPS[group] as SettingsGroup);
}

/**
 * Validates and saves one group of site settings (a Settings card, or the
 * settings API). Returns what changed, as text with secrets masked, for the
 * audit trail. An empty secret field keeps the saved secret; a field left out keeps its value.
 */
export async function saveSettingsForm(db: DB, actor: Actor, form: SettingGroup, input: unknown): Promise<SaveResult> {
  const parsed = formSchema(form).safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, message: issue.message, field: issue.path.join(".") };
  }
  return saveSettingValues(db, actor, form, parsed.data);
}

/** Saves one group's values as its form read them (undefined, or an empty secret: left as they are). */
export async function saveSettingValues(
  db: DB,
  actor: Actor,
  form: SettingGroup,
  typed: Partial<SiteSettings>,
): Promise<SaveResult> {
  const current = await readSiteSettings(db);
  if (form === "smm" && keyLeftBehind(current, typed)) {
    return { ok: false, message: KEY_LEFT_BEHIND, field: "panelApiKey" };
  }
  const values: Partial<Record<SettingName, unknown>> = {};
  const changed: Partial<Record<SettingName, string>> = {};
  for (const [name, value] of Object.entries(typed) as [SettingName, unknown][]) {
    if (value === undefined || (setting(name).secret && value === "")) continue;
    if (setting(name).encode(current[name]) === setting(name).encode(value)) continue;
    values[name] = value;
    changed[name] = shown(name, value);
  }
  await saveAudited(db, actor, form, values as Partial<SiteSettings>, changed);
  return { ok: true, changed };
}

/** Writes the values and, when any changed, the audit entry naming them (as shown), in one transaction. */
async function saveAudited(
  db: DB,
  actor: Actor,
  targetId: string,
  values: Partial<SiteSettings>,
  changed: Record<string, string>,
): Promise<void> {
  await transaction(db, async (trx) => {
    await writeSettings(trx, values);
    if (Object.keys(changed).length === 0) return;
    await recordAudit(trx, {
      ...auditBy(actor),
      action: "settings.update",
      targetType: "settings",
      targetId,
      details: changed,
    });
  });
}

/**
 * The single-key read (GET /api/admin/setting/{key}): the value as text, as
 * the spec's API gives it. The admin username is readable; the password never
 * is, in any form (FORBIDDEN). An unknown key is NOT_FOUND.
 */
export async function readSettingForApi(db: DB, key: string): Promise<{ ok: true; value: string }> {
  if (key === "VITE_ADMIN_PASSWORD") throw new AppError("FORBIDDEN", "The admin password is never sent back");
  if (key === "VITE_ADMIN_USERNAME") {
    const admin = await db.selectFrom("admin_users").select("username").orderBy("id").executeTakeFirst();
    return { ok: true, value: admin?.username ?? "" };
  }
  const name = settingNameForKey(key);
  if (!name) throw new AppError("NOT_FOUND", "Setting not found");
  return { ok: true, value: shown(name, (await readSiteSettings(db))[name]) };
}

/** Whether a key (as the settings API names it) is a secret. */
export function isSecretSetting(key: string): boolean {
  const name = settingNameForKey(key);
  return name !== undefined && setting(name).secret;
}

/**
 * Whether writing a value for this key asks for the password typed in the last
 * 15 minutes: a secret, or a field of the panel that decides where paid orders
 * go (its URL and key: `sensitive` in panel/fields.ts, issue 47 point 1).
 */
export function asksRecentPassword(key: string): boolean {
  return isSecretSetting(key) || SENSITIVE_PANEL_KEYS.has(key);
}

const SENSITIVE_PANEL_KEYS = new Set<string>(
  PANEL_FIELD_NAMES.filter((name) => "sensitive" in PANEL_FIELDS[name]).map((name) => PANEL_FIELD_SETTINGS[name].key),
);

/** Which group a key belongs to, so a single-key write is validated like its card. */
export function formForKey(key: string): { form: SettingGroup; name: SettingName } | null {
  const name = settingNameForKey(key);
  return name ? { form: SETTINGS[name].group, name } : null;
}

/**
 * The spec's single-key write (POST /api/admin/setting {key, value}), validated
 * with the rules of the key's card.
 */
export async function writeSettingForApi(db: DB, actor: Actor, key: string, value: unknown): Promise<SaveResult> {
  const target = formForKey(key);
  if (!target) return { ok: false, message: "Unknown setting", field: "key" };
  if (typeof value !== "string") return { ok: false, message: "value must be text", field: "value" };
  const parsed = setting(target.name).type.safeParse(value);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]!.message, field: "value" };
  const typed = parsed.data;
  if (typed === undefined || (setting(target.name).secret && typed === "")) return { ok: true, changed: {} };
  // One key at a time, a new panel URL cannot come with the key typed for it: the card must save both.
  if (target.name === "panelUrl" && keyLeftBehind(await readSiteSettings(db), { panelUrl: typed as string })) {
    return { ok: false, message: KEY_LEFT_BEHIND, field: "value" };
  }
  const changed = { [target.name]: shown(target.name, typed) };
  await saveAudited(db, actor, key, { [target.name]: typed }, changed);
  return { ok: true, changed };
}
