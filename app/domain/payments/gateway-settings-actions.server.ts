import type { AppServices } from "~/context";
import { type RequestClient, recordSettingsAudit } from "~/domain/audit/audit.server";
import { AppError } from "~/lib/app-error";
import {
  type GatewayAction,
  type GatewaySettingsResult,
  KEY_ID_PATTERN,
  KEY_SECRET_PATTERN,
  WEBHOOK_SECRET_PATTERN,
} from "./gateway-settings-actions";
import { gatewaySettings, saveGatewaySettings } from "./gateways/gateway-settings.server";

/**
 * The Settings page's "Payment gateway" card: Razorpay's key id, key secret
 * and webhook secret (the secrets write-only; the audit log keeps only their
 * last 4 characters), and switching it on and off. A refusal saves nothing.
 */
export async function runGatewayAction(
  { db }: Pick<AppServices, "db">,
  operator: { name: string; client: RequestClient },
  action: GatewayAction,
): Promise<GatewaySettingsResult> {
  const audit = (details: Record<string, unknown>) =>
    recordSettingsAudit(db, operator, "payment-gateway", "payments.gateway", details);
  const { intent } = action;
  switch (intent) {
    case "gateway-save": {
      const { keyId, keySecret, webhookSecret } = action;
      if (keyId && !KEY_ID_PATTERN.test(keyId)) {
        throw new AppError(
          "INVALID_INPUT",
          "The key id looks like rzp_live_… or rzp_test_… (from Razorpay → API Keys)",
          {
            field: "keyId",
          },
        );
      }
      if (keySecret && !KEY_SECRET_PATTERN.test(keySecret)) {
        throw new AppError(
          "INVALID_INPUT",
          "The key secret is the letters and digits Razorpay showed with the key id",
          {
            field: "keySecret",
          },
        );
      }
      if (webhookSecret && !WEBHOOK_SECRET_PATTERN.test(webhookSecret)) {
        throw new AppError("INVALID_INPUT", "The webhook secret must be 12 to 200 characters, without spaces", {
          field: "webhookSecret",
        });
      }
      if (!keyId && !keySecret && !webhookSecret) {
        throw new AppError("INVALID_INPUT", "Type a key id, key secret or webhook secret to save", { field: "keyId" });
      }
      await saveGatewaySettings(db, {
        keyId: keyId || undefined,
        keySecret: keySecret || undefined,
        webhookSecret: webhookSecret || undefined,
      });
      await audit({
        ...(keyId ? { keyId } : {}),
        ...(keySecret ? { keySecret: `••••${keySecret.slice(-4)}` } : {}),
        ...(webhookSecret ? { webhookSecret: `••••${webhookSecret.slice(-4)}` } : {}),
      });
      return { ok: true, intent, message: "Razorpay keys saved" };
    }
    case "gateway-enable": {
      const saved = await gatewaySettings(db);
      const missing = [
        !saved.keyId && "key id",
        !saved.keySecret && "key secret",
        !saved.webhookSecret && "webhook secret",
      ].filter(Boolean);
      if (missing.length > 0) {
        throw new AppError("NOT_CONFIGURED", `Save the Razorpay ${missing.join(", ")} first`);
      }
      await saveGatewaySettings(db, { enabled: true });
      await audit({ enabled: true });
      return { ok: true, intent, message: "Buyers can now pay with Razorpay" };
    }
    case "gateway-disable":
      await saveGatewaySettings(db, { enabled: false });
      await audit({ enabled: false });
      return { ok: true, intent, message: "Pay with Razorpay turned off (the UPI QR stays)" };
  }
}
