import { EventEmitter } from "node:events";
import type { DB } from "~/db/database.server";
import { defineSettings, structured, text } from "~/domain/settings/define";
import { readSettings, saveSettings } from "~/domain/settings/store.server";
import { userContentSigner } from "./domains";
import { DEFAULT_MAILBOX, type MailboxSettings } from "./mailbox-config";

/**
 * The mailbox's settings, outside site settings: never cached with the
 * pages' settings, never in a backup (backups hold only site settings). The
 * password is kept as it is (IMAP needs it to log in); it is written, never
 * read back to a browser. Written by the Bank e-mail alerts card.
 */
const freshMailbox = (): MailboxSettings => ({
  ...DEFAULT_MAILBOX,
  allowedDomains: [...DEFAULT_MAILBOX.allowedDomains],
});

export const bankMailboxSettings = defineSettings({
  mailbox: structured<MailboxSettings>("PAYMENTS_MAILBOX", "Mailbox", {
    read(stored) {
      try {
        const saved = { ...DEFAULT_MAILBOX, ...(JSON.parse(stored) as Partial<MailboxSettings>) };
        // Saved before such domains were refused (google.com, paytm.com, phonepe.com were once defaults): never trusted.
        return { ...saved, allowedDomains: saved.allowedDomains.filter((d) => !userContentSigner(d)) };
      } catch {
        return freshMailbox();
      }
    },
    write: (settings) => JSON.stringify(settings),
    fallback: freshMailbox,
  }),
  password: text("PAYMENTS_MAILBOX_PASSWORD", "Password", { secret: true }),
});

export async function mailboxSettings(db: DB): Promise<MailboxSettings> {
  return (await readSettings(db, bankMailboxSettings)).mailbox;
}

export async function mailboxPassword(db: DB): Promise<string | null> {
  return (await readSettings(db, bankMailboxSettings)).password || null;
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
  await saveSettings(db, bankMailboxSettings, { mailbox: settings, password: password ?? undefined }, now);
  saved.emit("saved");
}

/** Everything the reader needs to connect, or null when it should not run (off, or not set up). */
export async function activeMailbox(db: DB): Promise<{ settings: MailboxSettings; password: string } | null> {
  const [settings, password] = await Promise.all([mailboxSettings(db), mailboxPassword(db)]);
  if (!settings.enabled || !settings.host || !settings.username || !password) return null;
  return { settings, password };
}
