import { EventEmitter } from "node:events";
import type { DB } from "~/db/database.server";
import { readPaymentSetting, writePaymentSettings } from "../payment-settings.server";
import { userContentSigner } from "./domains";
import { DEFAULT_MAILBOX, type MailboxSettings } from "./mailbox-config";

/**
 * The mailbox's settings live with the SMS secret, outside site settings:
 * never cached with the pages' settings, never in a backup (backups hold only
 * site settings). The password is kept as it is (IMAP needs it to log in);
 * it is written, never read back to a browser.
 */

const KEYS = {
  settings: "PAYMENTS_MAILBOX",
  password: "PAYMENTS_MAILBOX_PASSWORD",
} as const;

export async function mailboxSettings(db: DB): Promise<MailboxSettings> {
  const raw = await readPaymentSetting(db, KEYS.settings);
  if (!raw) return { ...DEFAULT_MAILBOX, allowedDomains: [...DEFAULT_MAILBOX.allowedDomains] };
  try {
    const stored = { ...DEFAULT_MAILBOX, ...(JSON.parse(raw) as Partial<MailboxSettings>) };
    // Saved before such domains were refused (google.com, paytm.com, phonepe.com were once defaults): never trusted.
    return { ...stored, allowedDomains: stored.allowedDomains.filter((d) => !userContentSigner(d)) };
  } catch {
    return { ...DEFAULT_MAILBOX };
  }
}

export async function mailboxPassword(db: DB): Promise<string | null> {
  const value = await readPaymentSetting(db, KEYS.password);
  return value ? value : null;
}

/** What the Settings card may show: everything but the password, of which only whether one is saved. */
export async function mailboxStatus(db: DB): Promise<MailboxSettings & { passwordSet: boolean }> {
  const [settings, password] = await Promise.all([mailboxSettings(db), mailboxPassword(db)]);
  return { ...settings, passwordSet: password !== null };
}

/** Tells this instance's reader at once that the settings changed (other instances notice on their next poll). */
const saved = new EventEmitter();
export function onMailboxSaved(listener: () => void): () => void {
  saved.on("saved", listener);
  return () => saved.off("saved", listener);
}

/** Saves the checked settings; a password of null keeps the saved one. */
export async function saveMailbox(db: DB, settings: MailboxSettings, password: string | null, now = Date.now()) {
  await writePaymentSettings(
    db,
    { [KEYS.settings]: JSON.stringify(settings), ...(password === null ? {} : { [KEYS.password]: password }) },
    now,
  );
  saved.emit("saved");
}

/** Everything the reader needs to connect, or null when it should not run (off, or not set up). */
export async function activeMailbox(db: DB): Promise<{ settings: MailboxSettings; password: string } | null> {
  const [settings, password] = await Promise.all([mailboxSettings(db), mailboxPassword(db)]);
  if (!settings.enabled || !settings.host || !settings.username || !password) return null;
  return { settings, password };
}
