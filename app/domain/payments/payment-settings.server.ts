import { randomBytes } from "node:crypto";
import type { DB } from "~/db/database.server";
import { defineSettings, structured, text, whole } from "~/domain/settings/define";
import { readSettings, saveSettings } from "~/domain/settings/store.server";
import type { AlertTemplate } from "./custom-templates";
import { type CustomTemplateInput, loadCustomTemplates } from "./custom-templates";

/**
 * Settings of the automatic payment sources that are not site settings: never
 * cached with the pages' settings, never sent to a browser whole. The SMS
 * signing secret must be kept as it is (an HMAC is checked with the key
 * itself); it is shown once when made and only its last characters after.
 * Written by the Payment alerts card.
 */
export const smsAlertSettings = defineSettings({
  smsSecret: text("PAYMENTS_SMS_SECRET", "SMS secret", { secret: true }),
  /** When the secret was made or turned off (ms since 1970); 0: never. */
  smsSecretSetAt: whole("PAYMENTS_SMS_SECRET_SET_AT", "SMS secret made at", {
    default: 0,
    min: 0,
    max: Number.MAX_SAFE_INTEGER,
  }),
  /** The operator's templates as saved; each is checked again when read (custom-templates.ts). */
  templates: structured<CustomTemplateInput[]>("PAYMENTS_ALERT_TEMPLATES", "Your templates", {
    read: (stored) => loadCustomTemplates(stored).inputs,
    write: (inputs) => JSON.stringify(inputs),
    fallback: () => [],
  }),
});

export async function smsSecret(db: DB): Promise<string | null> {
  return (await readSettings(db, smsAlertSettings)).smsSecret || null;
}

export interface SmsSecretStatus {
  configured: boolean;
  /** The last 4 characters, to tell which secret a phone has. */
  hint: string | null;
  setAt: number | null;
}

export async function smsSecretStatus(db: DB): Promise<SmsSecretStatus> {
  const { smsSecret: secret, smsSecretSetAt: setAt } = await readSettings(db, smsAlertSettings);
  return { configured: Boolean(secret), hint: secret ? secret.slice(-4) : null, setAt: setAt || null };
}

/** A new secret (256 random bits, hex); the old one stops working at once. Returned once, for the operator to copy. */
export async function rotateSmsSecret(db: DB, now = Date.now()): Promise<string> {
  const secret = randomBytes(32).toString("hex");
  await saveSettings(db, smsAlertSettings, { smsSecret: secret, smsSecretSetAt: now }, now);
  return secret;
}

export async function disableSmsSecret(db: DB, now = Date.now()): Promise<void> {
  await saveSettings(db, smsAlertSettings, { smsSecret: "", smsSecretSetAt: now }, now);
}

export async function customTemplates(db: DB): Promise<{ inputs: CustomTemplateInput[]; templates: AlertTemplate[] }> {
  const { templates } = await readSettings(db, smsAlertSettings);
  return loadCustomTemplates(JSON.stringify(templates));
}

/** Saves the list as given: the caller checked each entry with compileTemplate. */
export async function saveCustomTemplates(db: DB, inputs: CustomTemplateInput[], now = Date.now()): Promise<void> {
  await saveSettings(db, smsAlertSettings, { templates: inputs }, now);
}
