import { ALERT_SECRET_FIELDS } from "~/domain/alerts/alert-settings-actions";
import { MAILBOX_SECRET_FIELDS } from "~/domain/payments/mailbox-settings-actions";

/** Settings that are keys to something else (the panel, Razorpay, the mailbox, the alert channels). */
export const SECRET_FIELDS: readonly string[] = [
  "panelApiKey",
  "keySecret",
  "webhookSecret",
  ...MAILBOX_SECRET_FIELDS,
  ...ALERT_SECRET_FIELDS,
];

/** Settings submits that always ask for a recent password: deleting, restoring, a new SMS secret shown once. */
const ALWAYS = new Set(["delete-selected", "delete-all", "restore-backup", "sms-secret-rotate"]);

/**
 * Whether a Settings submit needs the password typed in the last 15 minutes
 * (app/domain/auth/recent-password.ts): the danger zone, a restore, a new
 * SMS secret, or a new value for any secret. Saving a card with its secret
 * left empty ("keep the saved one") does not.
 */
export function needsRecentPassword(action: { intent: string }): boolean {
  if (ALWAYS.has(action.intent)) return true;
  const values = action as unknown as Record<string, unknown>;
  return SECRET_FIELDS.some((field) => typeof values[field] === "string" && values[field].trim() !== "");
}
