import type { AppServices } from "~/context";
import { type RequestClient, recordAudit } from "~/domain/audit/audit.server";
import { formatInr } from "~/lib/money";
import { type AlertParse, parseAlert } from "./alert-parser";
import { type CustomTemplateInput, MAX_CUSTOM_TEMPLATES, compileTemplate } from "./custom-templates";
import { customTemplates, disableSmsSecret, rotateSmsSecret, saveCustomTemplates } from "./payment-settings.server";

/**
 * The Settings page's "Payment alerts" card: the SMS forwarder's secret
 * (made and shown once, rotated, turned off), the operator's own templates,
 * and trying templates on a pasted alert. Every change is audited.
 */

export const PAYMENT_ALERT_INTENTS = [
  "sms-secret-rotate",
  "sms-secret-disable",
  "template-add",
  "template-remove",
  "template-try",
] as const;
export type PaymentAlertIntent = (typeof PAYMENT_ALERT_INTENTS)[number];

export function isPaymentAlertIntent(intent: unknown): intent is PaymentAlertIntent {
  return PAYMENT_ALERT_INTENTS.includes(intent as PaymentAlertIntent);
}

export interface TryResult {
  matched: boolean;
  template?: string;
  amount?: string;
  utr?: string | null;
  payerVpa?: string | null;
  /** ISO time, when the alert gives one. */
  time?: string | null;
  reason?: string;
}

export type PaymentAlertsResult =
  | { ok: true; intent: PaymentAlertIntent; message: string; secret?: string; tried?: TryResult }
  | { ok: false; intent: PaymentAlertIntent; message: string; field?: string };

const WHY_NOT: Record<Exclude<AlertParse, { ok: true }>["reason"], string> = {
  too_long: "The text is longer than any alert (2,000 characters).",
  not_a_credit: "It reads as a debit, a request, a refund, a failure or an OTP, never as money received.",
  untrusted_sender: "A template matched, but the sender id is not one it allows.",
  no_template: "No template matched this text.",
  bad_amount: "A template matched, but the amount is not a positive number of rupees.",
};

export async function runPaymentAlertsAction(
  { db }: Pick<AppServices, "db">,
  operator: { name: string; client: RequestClient },
  intent: PaymentAlertIntent,
  form: FormData,
): Promise<PaymentAlertsResult> {
  const field = (name: string, max = 2_000) => String(form.get(name) ?? "").slice(0, max);
  const audit = (action: string, details: Record<string, unknown>) =>
    recordAudit(db, {
      actor: operator.name,
      action,
      targetType: "settings",
      targetId: "payment-alerts",
      details,
      client: operator.client,
    });

  switch (intent) {
    case "sms-secret-rotate": {
      const secret = await rotateSmsSecret(db);
      await audit("payments.sms_secret", { made: `••••${secret.slice(-4)}` });
      return {
        ok: true,
        intent,
        secret,
        message: "New SMS secret made. Copy it into the forwarder now: it is not shown again.",
      };
    }
    case "sms-secret-disable":
      await disableSmsSecret(db);
      await audit("payments.sms_secret", { made: null, disabled: true });
      return { ok: true, intent, message: "SMS payment alerts turned off" };
    case "template-add": {
      const current = (await customTemplates(db)).inputs;
      if (current.length >= MAX_CUSTOM_TEMPLATES) {
        return { ok: false, intent, message: `At most ${MAX_CUSTOM_TEMPLATES} templates: remove one first` };
      }
      const input: CustomTemplateInput = {
        name: field("name", 100),
        channel: field("channel", 10) === "email" ? "email" : "sms",
        pattern: field("pattern", 1_000),
        senders: field("senders", 300),
      };
      const checked = compileTemplate(input, current.length);
      if (!checked.ok) return { ok: false, intent, message: checked.message, field: "pattern" };
      await saveCustomTemplates(db, [...current, { ...input, name: input.name.trim(), pattern: input.pattern.trim() }]);
      await audit("payments.template_add", { name: input.name.trim(), channel: input.channel, pattern: input.pattern });
      return { ok: true, intent, message: `Template "${input.name.trim()}" added` };
    }
    case "template-remove": {
      const current = (await customTemplates(db)).inputs;
      const index = Number(field("index", 5));
      const removed = Number.isInteger(index) ? current[index] : undefined;
      if (!removed) return { ok: false, intent, message: "That template is no longer there" };
      await saveCustomTemplates(
        db,
        current.filter((_, i) => i !== index),
      );
      await audit("payments.template_remove", { name: removed.name });
      return { ok: true, intent, message: `Template "${removed.name}" removed` };
    }
    case "template-try":
      return tryTemplates(db, intent, form);
  }
}

/** Reads a pasted alert with the template being written (when one is typed) or with all of them. Saves nothing. */
async function tryTemplates(
  db: AppServices["db"],
  intent: PaymentAlertIntent,
  form: FormData,
): Promise<PaymentAlertsResult> {
  const field = (name: string, max = 2_000) => String(form.get(name) ?? "").slice(0, max);
  const channel = field("channel", 10) === "email" ? "email" : "sms";
  const text = field("text", 4_000);
  if (text.trim() === "") return { ok: false, intent, message: "Paste an alert to try", field: "text" };
  const pattern = field("pattern", 1_000);
  let custom = (await customTemplates(db)).templates;
  if (pattern.trim() !== "") {
    const checked = compileTemplate(
      { name: field("name", 100) || "This template", channel, pattern, senders: field("senders", 300) },
      0,
    );
    if (!checked.ok) return { ok: false, intent, message: checked.message, field: "pattern" };
    custom = [checked.template];
  }
  const parsed = parseAlert(text, { channel, sender: field("sender", 100), custom });
  if (!parsed.ok) {
    return { ok: true, intent, message: "No match", tried: { matched: false, reason: WHY_NOT[parsed.reason] } };
  }
  const { alert } = parsed;
  return {
    ok: true,
    intent,
    message: `Read by ${alert.templateLabel}`,
    tried: {
      matched: true,
      template: alert.templateLabel,
      amount: formatInr(alert.amountPaise),
      utr: alert.utr,
      payerVpa: alert.payerVpa,
      time: alert.alertTime === null ? null : new Date(alert.alertTime).toISOString(),
    },
  };
}
