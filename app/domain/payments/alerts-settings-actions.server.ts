import type { AppServices } from "~/context";
import { type RequestClient, recordAudit } from "~/domain/audit/audit.server";
import { AppError } from "~/lib/app-error";
import { formatInr } from "~/lib/money";
import { type AlertParse, parseAlert } from "./alert-parser";
import type { PaymentAlertAction, PaymentAlertsResult } from "./alerts-settings-actions";
import { type CustomTemplateInput, MAX_CUSTOM_TEMPLATES, compileTemplate } from "./custom-templates";
import { customTemplates, disableSmsSecret, rotateSmsSecret, saveCustomTemplates } from "./payment-settings.server";

/**
 * The Settings page's "Payment alerts" card: the SMS forwarder's secret
 * (made and shown once, rotated, turned off), the operator's own templates,
 * and trying templates on a pasted alert. Every change is audited; a refusal
 * is thrown as INVALID_INPUT naming the field.
 */

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
  action: PaymentAlertAction,
): Promise<PaymentAlertsResult> {
  const { intent } = action;
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
        throw new AppError("INVALID_INPUT", `At most ${MAX_CUSTOM_TEMPLATES} templates: remove one first`);
      }
      const input: CustomTemplateInput = {
        name: action.name,
        channel: action.channel,
        pattern: action.pattern,
        senders: action.senders,
      };
      const checked = compileTemplate(input, current.length);
      if (!checked.ok) throw new AppError("INVALID_INPUT", checked.message, { field: "pattern" });
      await saveCustomTemplates(db, [...current, { ...input, name: input.name.trim(), pattern: input.pattern.trim() }]);
      await audit("payments.template_add", { name: input.name.trim(), channel: input.channel, pattern: input.pattern });
      return { ok: true, intent, message: `Template "${input.name.trim()}" added` };
    }
    case "template-remove": {
      const current = (await customTemplates(db)).inputs;
      const index = action.index;
      const removed = current[index];
      if (!removed) throw new AppError("NOT_FOUND", "That template is no longer there");
      await saveCustomTemplates(
        db,
        current.filter((_, i) => i !== index),
      );
      await audit("payments.template_remove", { name: removed.name });
      return { ok: true, intent, message: `Template "${removed.name}" removed` };
    }
    case "template-try":
      return tryTemplates(db, action);
  }
}

/** Reads a pasted alert with the template being written (when one is typed) or with all of them. Saves nothing. */
async function tryTemplates(
  db: AppServices["db"],
  action: Extract<PaymentAlertAction, { intent: "template-try" }>,
): Promise<PaymentAlertsResult> {
  const { intent, channel, text, pattern } = action;
  if (text.trim() === "") throw new AppError("INVALID_INPUT", "Paste an alert to try", { field: "text" });
  let custom = (await customTemplates(db)).templates;
  if (pattern.trim() !== "") {
    const checked = compileTemplate(
      { name: action.name || "This template", channel, pattern, senders: action.senders },
      0,
    );
    if (!checked.ok) throw new AppError("INVALID_INPUT", checked.message, { field: "pattern" });
    custom = [checked.template];
  }
  const parsed = parseAlert(text, { channel, sender: action.sender, custom });
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
