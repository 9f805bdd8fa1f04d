import { z } from "zod";
import { intentsOf } from "~/lib/intent";

/**
 * The Settings page's "Bank e-mail alerts" forms: save the mailbox, and try
 * the typed values ("Test connection", nothing saved). Joined into the page's
 * one action schema (app/routes/admin/settings-intents.ts). The password
 * field is never echoed back (the page hides it in every reply).
 */
const text = (max: number, tooLong: string) => z.string().max(max, tooLong).default("");
const checkbox = z
  .string()
  .optional()
  .transform((v) => v === "on" || v === "true");

const mailboxFields = {
  enabled: checkbox,
  host: text(253, "The host name is too long"),
  port: text(5, "The port is a whole number from 1 to 65535"),
  tls: checkbox,
  username: text(320, "The user name is too long"),
  mailboxPassword: text(500, "The password is too long"),
  folder: text(200, "The folder name is too long"),
  allowedDomains: text(2_000, "The list of sender domains is too long"),
  receivingHost: text(253, "The receiving host name is too long"),
  recipients: text(1_000, "The list of alert addresses is too long"),
};

/** The card's fields, checked in the browser as the action checks them (the intent is the button pressed). */
export const mailboxFormSchema = z.object(mailboxFields);

export const mailboxActionSchemas = [
  z.object({ intent: z.literal("mailbox-save"), ...mailboxFields }),
  z.object({ intent: z.literal("mailbox-test"), ...mailboxFields }),
] as const;

export type MailboxAction = z.output<(typeof mailboxActionSchemas)[number]>;
export type MailboxIntent = MailboxAction["intent"];

/** Form fields never sent back to the browser in a reply. */
export const MAILBOX_SECRET_FIELDS = ["mailboxPassword"];

export const isMailboxAction = intentsOf(mailboxActionSchemas);

export type MailboxResult =
  { ok: true; intent: MailboxIntent; message: string } | { ok: false; message: string; field?: string | null };
