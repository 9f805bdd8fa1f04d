import { randomBytes } from "node:crypto";
import type { DB } from "~/db/database.server";
import { readSettingValues, upsertSettingValues } from "~/domain/settings/settings.repository.server";
import type { AlertTemplate } from "./custom-templates";
import { type CustomTemplateInput, loadCustomTemplates } from "./custom-templates";

/**
 * Settings of the automatic payment sources that are not site settings: never
 * cached with the pages' settings, never sent to a browser whole. The SMS
 * signing secret must be kept as it is (an HMAC is checked with the key
 * itself); it is shown once when made and only its last characters after.
 */

const KEYS = {
  smsSecret: "PAYMENTS_SMS_SECRET",
  smsSecretSetAt: "PAYMENTS_SMS_SECRET_SET_AT",
  templates: "PAYMENTS_ALERT_TEMPLATES",
} as const;

async function read(db: DB, key: string): Promise<string | null> {
  return (await readSettingValues(db, [key])).get(key) ?? null;
}

const write = upsertSettingValues;

export async function smsSecret(db: DB): Promise<string | null> {
  const value = await read(db, KEYS.smsSecret);
  return value ? value : null;
}

export interface SmsSecretStatus {
  configured: boolean;
  /** The last 4 characters, to tell which secret a phone has. */
  hint: string | null;
  setAt: number | null;
}

export async function smsSecretStatus(db: DB): Promise<SmsSecretStatus> {
  const [secret, setAt] = await Promise.all([read(db, KEYS.smsSecret), read(db, KEYS.smsSecretSetAt)]);
  return { configured: Boolean(secret), hint: secret ? secret.slice(-4) : null, setAt: setAt ? Number(setAt) : null };
}

/** A new secret (256 random bits, hex); the old one stops working at once. Returned once, for the operator to copy. */
export async function rotateSmsSecret(db: DB, now = Date.now()): Promise<string> {
  const secret = randomBytes(32).toString("hex");
  await write(db, { [KEYS.smsSecret]: secret, [KEYS.smsSecretSetAt]: String(now) }, now);
  return secret;
}

export async function disableSmsSecret(db: DB, now = Date.now()): Promise<void> {
  await write(db, { [KEYS.smsSecret]: "", [KEYS.smsSecretSetAt]: String(now) }, now);
}

export async function customTemplates(db: DB): Promise<{ inputs: CustomTemplateInput[]; templates: AlertTemplate[] }> {
  return loadCustomTemplates(await read(db, KEYS.templates));
}

/** Saves the list as given: the caller checked each entry with compileTemplate. */
export async function saveCustomTemplates(db: DB, inputs: CustomTemplateInput[], now = Date.now()): Promise<void> {
  await write(db, { [KEYS.templates]: JSON.stringify(inputs) }, now);
}

/** The bank e-mail mailbox keeps its settings here too (mail/mailbox-store.server.ts). */
export { read as readPaymentSetting, write as writePaymentSettings };
