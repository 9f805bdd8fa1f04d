import { randomBytes } from "node:crypto";
import type { DB } from "~/db/database.server";
import { defineSettings, structured, text, whole } from "~/domain/settings/define";
import { readSettings, saveSettings } from "~/domain/settings/store.server";
import type { AlertTemplate } from "./custom-templates";
import { type CustomTemplateInput, loadCustomTemplates } from "./custom-templates";
import { paymentAppById } from "./reader/payment-apps";

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
  /** The last SMS the forwarder relayed with a good signature (never its text): the card's test result. */
  lastForwarded: structured<ForwardedSmsNote | null>("PAYMENTS_SMS_LAST_FORWARDED", "Last SMS forwarded", {
    read: readForwardedNote,
    write: (note) => JSON.stringify(note),
    fallback: () => null,
  }),
});

/** What the shop made of a forwarded SMS, as the Payment alerts card says it: when, whose header, the outcome. */
export interface ForwardedSmsNote {
  at: number;
  from: string;
  /** The intake's outcome: confirmed, unmatched, duplicate, ignored. */
  outcome: string;
  reason: string | null;
  orderId: string | null;
}

function readForwardedNote(stored: string): ForwardedSmsNote | null {
  try {
    const note = JSON.parse(stored) as Partial<ForwardedSmsNote> | null;
    if (!note || typeof note.at !== "number" || typeof note.outcome !== "string") return null;
    const text = (v: unknown) => (typeof v === "string" ? v : null);
    return {
      at: note.at,
      from: text(note.from) ?? "",
      outcome: note.outcome,
      reason: text(note.reason),
      orderId: text(note.orderId),
    };
  } catch {
    return null;
  }
}

/** Notes what the forwarder relayed last, so "send a test SMS" shows its result on the card (issue 45). */
export async function noteForwardedSms(db: DB, note: ForwardedSmsNote, now = Date.now()): Promise<void> {
  await saveSettings(db, smsAlertSettings, { lastForwarded: note }, now);
}

export async function smsSecret(db: DB): Promise<string | null> {
  return (await readSettings(db, smsAlertSettings)).smsSecret || null;
}

export interface SmsSecretStatus {
  configured: boolean;
  /** The last 4 characters, to tell which secret a phone has. */
  hint: string | null;
  setAt: number | null;
  /** The last SMS relayed with a good signature. */
  lastForwarded: ForwardedSmsNote | null;
}

export async function smsSecretStatus(db: DB): Promise<SmsSecretStatus> {
  const { smsSecret: secret, smsSecretSetAt: setAt, lastForwarded } = await readSettings(db, smsAlertSettings);
  return { configured: Boolean(secret), hint: secret ? secret.slice(-4) : null, setAt: setAt || null, lastForwarded };
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

/**
 * The payment-app notification source (docs/payments.md, "Source: payment-app notifications"): its own
 * signing secret, kept like the SMS one, and which business apps' notifications are trusted. Written by
 * the Payment alerts card.
 */
export const appAlertSettings = defineSettings({
  appSecret: text("PAYMENTS_APP_SECRET", "Notification secret", { secret: true }),
  appSecretSetAt: whole("PAYMENTS_APP_SECRET_SET_AT", "Notification secret made at", {
    default: 0,
    min: 0,
    max: Number.MAX_SAFE_INTEGER,
  }),
  /** Registered payment apps, by id (reader/payment-apps.ts); anything else read back is dropped. */
  apps: structured<string[]>("PAYMENTS_APP_IDS", "Payment apps", {
    read: (stored) =>
      readList(stored).filter((id): id is string => typeof id === "string" && paymentAppById(id) !== null),
    write: (ids) => JSON.stringify(ids),
    fallback: () => [],
  }),
});

function readList(stored: string): unknown[] {
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value) ? (value as unknown[]) : [];
  } catch {
    return [];
  }
}

export interface AppAlertStatus {
  configured: boolean;
  hint: string | null;
  setAt: number | null;
  apps: string[];
}

export async function appAlertStatus(db: DB): Promise<AppAlertStatus> {
  const { appSecret, appSecretSetAt, apps } = await readSettings(db, appAlertSettings);
  return {
    configured: Boolean(appSecret),
    hint: appSecret ? appSecret.slice(-4) : null,
    setAt: appSecretSetAt || null,
    apps,
  };
}

/** What the notification endpoint needs: the secret (null: the source is off) and the registered apps. */
export async function appAlertConfig(db: DB): Promise<{ secret: string | null; apps: string[] }> {
  const { appSecret, apps } = await readSettings(db, appAlertSettings);
  return { secret: appSecret || null, apps };
}

/** A new notification secret (256 random bits, hex), shown once; the old one stops working at once. */
export async function rotateAppSecret(db: DB, now = Date.now()): Promise<string> {
  const secret = randomBytes(32).toString("hex");
  await saveSettings(db, appAlertSettings, { appSecret: secret, appSecretSetAt: now }, now);
  return secret;
}

export async function disableAppSecret(db: DB, now = Date.now()): Promise<void> {
  await saveSettings(db, appAlertSettings, { appSecret: "", appSecretSetAt: now }, now);
}

export async function saveRegisteredApps(db: DB, ids: string[], now = Date.now()): Promise<void> {
  await saveSettings(db, appAlertSettings, { apps: ids }, now);
}
