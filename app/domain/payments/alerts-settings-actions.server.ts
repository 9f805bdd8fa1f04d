import type { AppServices } from "~/context";
import { type RequestClient, recordSettingsAudit } from "~/domain/audit/audit.server";
import { AppError } from "~/lib/app-error";
import { formatInr } from "~/lib/money";
import type { PaymentAlertAction, PaymentAlertsResult, TriedAlert } from "./alerts-settings-actions";
import { type CustomTemplateInput, MAX_CUSTOM_TEMPLATES, compileTemplate } from "./custom-templates";
import {
  appAlertConfig,
  customTemplates,
  disableAppSecret,
  disableSmsSecret,
  rotateAppSecret,
  rotateSmsSecret,
  saveCustomTemplates,
  saveRegisteredApps,
} from "./payment-settings.server";
import { paymentAppById } from "./reader/payment-apps";
import { addedHeaders, removeSenderHeader } from "./sender-headers.server";
import { qrSvgDataUri } from "./qr.server";
import { connectSmsGateway, disconnectSmsGateway } from "./sms-gateway/connect.server";
import { MAX_CHECK_ITEMS, checked, parseCheckInput } from "./reader/check-alerts";
import { type AlertReading, type ReaderChannel, readAlert, readMailText } from "./reader/read-alert";

/**
 * The Settings page's "Payment alerts" card: the SMS forwarder's and the
 * notification forwarder's secrets (made and shown once, rotated, turned
 * off), the payment apps whose notifications are read, the sender headers the
 * operator added, the operator's own templates, and trying templates on a
 * pasted alert. Every change is audited; a refusal is thrown as an AppError
 * naming the field.
 */

export async function runPaymentAlertsAction(
  services: Pick<AppServices, "db" | "settings">,
  operator: { name: string; client: RequestClient },
  action: PaymentAlertAction,
): Promise<PaymentAlertsResult> {
  const { db } = services;
  const { intent } = action;
  const audit = (action: string, details: Record<string, unknown>) =>
    recordSettingsAudit(db, operator, "payment-alerts", action, details);

  switch (intent) {
    case "sms-secret-rotate": {
      const secret = await rotateSmsSecret(db);
      await audit("payments.sms_secret", { made: `••••${secret.slice(-4)}` });
      return {
        ok: true,
        intent,
        secret,
        secretQr: await qrSvgDataUri(secret),
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
      if (!checked.ok) throw new AppError("INVALID_INPUT", checked.message, { field: checked.field });
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
    case "app-secret-rotate": {
      const secret = await rotateAppSecret(db);
      await audit("payments.app_secret", { made: `••••${secret.slice(-4)}` });
      return {
        ok: true,
        intent,
        secret,
        secretQr: await qrSvgDataUri(secret),
        message: "New notification secret made. Copy it into the phone now: it is not shown again.",
      };
    }
    case "app-secret-disable":
      await disableAppSecret(db);
      await audit("payments.app_secret", { made: null, disabled: true });
      return { ok: true, intent, message: "Payment-app notifications turned off" };
    case "app-apps-save": {
      const apps = [...new Set(action.apps)];
      await saveRegisteredApps(db, apps);
      await audit("payments.app_apps", { apps });
      const names = apps.map((id) => paymentAppById(id)!.name);
      return {
        ok: true,
        intent,
        message: names.length
          ? `Notifications read from ${names.join(", ")}`
          : "No payment app's notifications are read",
      };
    }
    case "sender-remove": {
      const removed = await removeSenderHeader(db, action.header, operator);
      return { ok: true, intent, message: `${removed.header} is no longer read as ${removed.bankName}'s sender` };
    }
    case "sms-gateway-connect": {
      const connected = await connectSmsGateway(services, operator, {
        address: action.gatewayAddress,
        username: action.gatewayUsername,
        password: action.gatewayPassword,
      });
      return { ok: true, intent, ...connected };
    }
    case "sms-gateway-disconnect":
      return { ok: true, intent, message: await disconnectSmsGateway(services, operator) };
  }
}

/**
 * Reads what the operator pasted exactly as the shop would: one alert, many
 * (SMS separated by blank lines), or a JSON array in the corpus's format
 * (the same as `npm run alerts -- check`), with the template being written
 * (when one is typed) or with all of the operator's. Saves nothing.
 */
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
    if (!checked.ok) throw new AppError("INVALID_INPUT", checked.message, { field: checked.field });
    custom = [checked.template];
  }
  const sender = action.sender.trim() || null;
  const added = await addedHeaders(db);
  const { apps } = await appAlertConfig(db);
  const readings = pastedAlerts(text, channel, sender).map((alert) =>
    alert.channel === "email"
      ? readMailText(alert.text, { sender: alert.sender, custom })
      : readAlert(alert.text, { channel: alert.channel, sender: alert.sender, custom, addedHeaders: added, apps }),
  );
  const items = readings.map((reading, index) => triedItem(index, reading));
  const credits = items.filter((i) => i.matched).length;
  return {
    ok: true,
    intent,
    message:
      items.length === 1
        ? items[0]!.matched
          ? `Read by ${items[0]!.template}`
          : "Not read as a credit"
        : `${credits} of ${items.length} alerts read as credits`,
    tried: { ...items[0]!, items, credits },
  };
}

const TOO_MANY_PASTED = `At most ${MAX_CHECK_ITEMS.toLocaleString("en-IN")} alerts at once: use npm run alerts -- check FILE for more`;

interface Pasted {
  channel: ReaderChannel;
  sender: string | null;
  text: string;
}

/** A JSON array in the corpus's format, else one e-mail, else SMS separated by blank lines. */
function pastedAlerts(text: string, channel: "sms" | "email", sender: string | null): Pasted[] {
  if (text.trim().startsWith("[")) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new AppError("INVALID_INPUT", "The pasted JSON is not valid", { field: "text" });
    }
    const input = parseCheckInput(json);
    if (!input.ok) throw new AppError("INVALID_INPUT", input.message, { field: "text" });
    return input.items.map((item) => ({
      channel: item.channel ?? channel,
      sender: item.sender ?? sender,
      text: item.text,
    }));
  }
  if (channel === "email") return [{ channel, sender, text }];
  const sms = text.split(/\r?\n[ \t]*\r?\n/).filter((t) => t.trim() !== "");
  // Said, never cut short in silence: a 10,000-line paste once came back as "… of 5000" (security round 4, finding 9).
  if (sms.length > MAX_CHECK_ITEMS) throw new AppError("INVALID_INPUT", TOO_MANY_PASTED, { field: "text" });
  return sms.map((t) => ({ channel, sender, text: t }));
}

function triedItem(index: number, reading: AlertReading): TriedAlert {
  const { amount, utr, reason } = checked(index, reading);
  if (!reading.credit) return { index, matched: false, amountRupees: amount, utr, reason: reason ?? undefined };
  const { alert } = reading;
  return {
    index,
    matched: true,
    amountRupees: amount,
    template: alert.label,
    amount: formatInr(alert.amountPaise),
    utr: alert.utr,
    payerVpa: alert.payerVpa ?? alert.payerName,
    time: alert.alertTime === null ? null : new Date(alert.alertTime).toISOString(),
  };
}
