import { createHash } from "node:crypto";
import { z } from "zod";
import type { AppServices } from "~/context";
import { type RequestClient, recordSettingsAudit } from "~/domain/audit/audit.server";
import { defineSettings, text, whole } from "~/domain/settings/define";
import { readSettings, saveSettings } from "~/domain/settings/store.server";
import { AppError } from "~/lib/app-error";
import { rotateSmsSecret, smsSecret } from "../payment-settings.server";
import { qrSvgDataUri } from "../qr.server";
import {
  type GatewayAccess,
  type GatewayFailure,
  deleteWebhook,
  isCloudServer,
  listWebhooks,
  registerWebhook,
  setSigningKey,
} from "./api.server";

/**
 * "Connect" on Settings → Payment alerts (issue 45, point 12): the operator
 * gives the address, username and password SMS Gateway for Android shows, and
 * the shop registers its own webhook for `sms:received` through the app's API
 * (api.server.ts) instead of a `curl` to the phone. Idempotent: the webhooks
 * are listed first and ours (a stable id, made from the address it sends to)
 * is posted only when missing or different, so a second press or a second
 * instance registers nothing twice. On the Local server the app's signing
 * key is set to the shop's SMS secret, so every webhook it sends verifies
 * (signature.ts); the Cloud server cannot set it, so the operator pastes the
 * secret in the app. The password is kept as the other secrets are, never
 * shown back.
 */

export const SMS_WEBHOOK_PATH = "/api/payments/sms-alert";
export const SMS_RECEIVED = "sms:received";

const plain = (key: string, label: string) => text(key, label, { type: z.string().trim().max(300).default("") });

export const smsGatewaySettings = defineSettings({
  address: plain("PAYMENTS_SMS_GATEWAY_ADDRESS", "SMS Gateway address"),
  username: plain("PAYMENTS_SMS_GATEWAY_USERNAME", "SMS Gateway username"),
  password: text("PAYMENTS_SMS_GATEWAY_PASSWORD", "SMS Gateway password", { secret: true }),
  /** The webhook's id at the app, to replace it when the shop's address changes. */
  webhookId: plain("PAYMENTS_SMS_GATEWAY_WEBHOOK_ID", "SMS Gateway webhook id"),
  webhookUrl: plain("PAYMENTS_SMS_GATEWAY_WEBHOOK_URL", "SMS Gateway webhook address"),
  connectedAt: whole("PAYMENTS_SMS_GATEWAY_CONNECTED_AT", "SMS Gateway connected at", {
    default: 0,
    min: 0,
    max: Number.MAX_SAFE_INTEGER,
  }),
});

export interface SmsGatewayStatus {
  address: string;
  username: string;
  /** The password's last 2 characters, to tell which is saved; null: none. */
  passwordHint: string | null;
  connectedAt: number | null;
  webhookUrl: string | null;
  cloud: boolean;
}

export async function smsGatewayStatus(db: AppServices["db"]): Promise<SmsGatewayStatus> {
  const s = await readSettings(db, smsGatewaySettings);
  return {
    address: s.address,
    username: s.username,
    passwordHint: s.password ? s.password.slice(-2) : null,
    connectedAt: s.connectedAt || null,
    webhookUrl: s.webhookUrl || null,
    cloud: isCloudServer(s.address),
  };
}

/** The webhook's id: the same for the same shop address (at most 36 characters, as the app takes). */
export function webhookIdFor(url: string): string {
  return `shop-sms-${createHash("sha256").update(url).digest("hex").slice(0, 24)}`;
}

/** What the operator typed as the address: a bare `192.168.1.5:8080` is the Local server's http:// address. */
export function gatewayAddress(typed: string): string | null {
  const trimmed = typed.trim().replace(/\/+$/, "");
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`;
  try {
    const url = new URL(withScheme);
    if ((url.protocol !== "http:" && url.protocol !== "https:") || url.username || url.password) return null;
    // An IP address, or a name with a dot (a phone's address, a server's): nothing else is looked up.
    if (!/^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]+\]|localhost|([a-z0-9-]+\.)+[a-z0-9-]+)$/i.test(url.hostname))
      return null;
    return withScheme;
  } catch {
    return null;
  }
}

export interface ConnectInput {
  address: string;
  username: string;
  /** Empty: the saved one. */
  password: string;
}

export interface ConnectResult {
  message: string;
  /** A secret made for this connection, shown once (the Cloud server: the operator pastes it in the app). */
  secret?: string;
  secretQr?: string;
}

const field = (name: "gatewayAddress" | "gatewayUsername" | "gatewayPassword") => ({ field: name });

/**
 * The app's refusal in the operator's words, at the field to fix: what the operator typed (or the shop's
 * address) is what to change, so it is refused as input, never as the shop's own failure.
 */
function refusal(failure: GatewayFailure, address: string, cloud: boolean): AppError {
  switch (failure.kind) {
    case "unreachable":
      return new AppError(
        "INVALID_INPUT",
        cloud
          ? `No answer from ${address}: check the address, or try again in a minute`
          : `No answer from ${address}: in the app, turn Local server on and tap Offline to go Online; this server must reach the phone (same network, or the public address the app shows)`,
        field("gatewayAddress"),
      );
    case "unauthorized":
      return new AppError(
        "INVALID_INPUT",
        `The app refused the username or password: type them as its Home tab shows them under ${cloud ? "Cloud server" : "Local server"}`,
        field("gatewayPassword"),
      );
    case "refused":
      return /https:\/\//.test(failure.message)
        ? new AppError(
            "INVALID_INPUT",
            `The app takes only an https:// address for the shop (it said: "${failure.message}"): set Public Base URL under Store Details to your https:// address`,
          )
        : new AppError("INVALID_INPUT", `The app refused: ${failure.message}`, field("gatewayAddress"));
    case "not-gateway":
      return new AppError(
        "INVALID_INPUT",
        `${address} answered, but not as SMS Gateway for Android does (${failure.message}): check the address`,
        field("gatewayAddress"),
      );
  }
}

export async function connectSmsGateway(
  services: Pick<AppServices, "db" | "settings">,
  operator: { name: string; client: RequestClient },
  input: ConnectInput,
  now = Date.now(),
): Promise<ConnectResult> {
  const { db } = services;
  const address = gatewayAddress(input.address);
  if (!address) {
    throw new AppError(
      "INVALID_INPUT",
      "Give the address the app shows, e.g. http://192.168.1.5:8080",
      field("gatewayAddress"),
    );
  }
  const saved = await readSettings(db, smsGatewaySettings);
  const password = input.password || (saved.address === address ? saved.password : "");
  if (!password) {
    throw new AppError("INVALID_INPUT", "Give the password the app shows", field("gatewayPassword"));
  }
  const access: GatewayAccess = { address, username: input.username.trim(), password };
  const cloud = isCloudServer(address);
  const url = `${(await services.settings.get()).publicBaseUrl.trim().replace(/\/+$/, "")}${SMS_WEBHOOK_PATH}`;
  const id = webhookIdFor(url);

  // Listing first checks the address and the credentials before anything is changed.
  const listed = await listWebhooks(access);
  if (!listed.ok) throw refusal(listed, address, cloud);

  // Registered before anything of the shop's changes: the app's refusal (an http:// shop address) leaves all as it was.
  const ours = listed.value.find((w) => w.id === id);
  const already = ours?.url === url && ours.event === SMS_RECEIVED;
  if (!already) {
    const registered = await registerWebhook(access, { id, url, event: SMS_RECEIVED });
    if (!registered.ok) throw refusal(registered, address, cloud);
  }

  let secret = await smsSecret(db);
  let made: string | undefined;
  if (!secret) {
    made = secret = await rotateSmsSecret(db, now);
    await recordSettingsAudit(db, operator, "payment-alerts", "payments.sms_secret", {
      made: `••••${secret.slice(-4)}`,
      by: "sms-gateway-connect",
    });
  }
  if (!cloud) {
    const signing = await setSigningKey(access, secret);
    if (!signing.ok) throw refusal(signing, address, cloud);
  }
  // The webhook registered for the shop's previous address, if any, goes.
  if (saved.webhookId && saved.webhookId !== id && listed.value.some((w) => w.id === saved.webhookId)) {
    await deleteWebhook(access, saved.webhookId);
  }
  const others = listed.value.filter((w) => w.id !== id && w.url === url && w.event === SMS_RECEIVED).length;

  await saveSettings(
    db,
    smsGatewaySettings,
    { address, username: access.username, password, webhookId: id, webhookUrl: url, connectedAt: now },
    now,
  );
  await recordSettingsAudit(db, operator, "payment-alerts", "payments.sms_gateway", {
    address,
    webhook: id,
    registered: !already,
  });

  const sends = `the app sends each SMS it receives to ${url}`;
  const twice =
    others > 0
      ? ` It also has ${others} other webhook${others > 1 ? "s" : ""} for this address: delete ${others > 1 ? "them" : "it"} in the app, or each SMS arrives twice.`
      : "";
  if (cloud) {
    return {
      message: `Connected through the Cloud server: ${sends}. In the app, paste the SMS secret under Settings → Webhooks → Signing Key.${twice}`,
      ...(made ? { secret: made, secretQr: await qrSvgDataUri(made) } : {}),
    };
  }
  return { message: `Connected: ${sends}, signed with this shop's SMS secret.${twice}` };
}

/**
 * "Disconnect": the shop's webhook is deleted in the app, and the password and the connection are
 * forgotten (the address and username stay, to connect again). When the app does not answer (a phone lost,
 * switched off, or on another network) the shop forgets the connection anyway and says what is left: the
 * app may still send SMS here until its webhook is deleted in the app, and the SMS secret still signs them.
 */
export async function disconnectSmsGateway(
  services: Pick<AppServices, "db">,
  operator: { name: string; client: RequestClient },
  now = Date.now(),
): Promise<string> {
  const { db } = services;
  const saved = await readSettings(db, smsGatewaySettings);
  if (!saved.connectedAt) throw new AppError("INVALID_INPUT", "SMS Gateway is not connected: nothing to disconnect");
  const access: GatewayAccess = { address: saved.address, username: saved.username, password: saved.password };
  const deleted = saved.webhookId ? await deleteWebhook(access, saved.webhookId) : ({ ok: true } as const);

  await saveSettings(db, smsGatewaySettings, { password: "", webhookId: "", webhookUrl: "", connectedAt: 0 }, now);
  await recordSettingsAudit(db, operator, "payment-alerts", "payments.sms_gateway", {
    address: saved.address,
    webhook: saved.webhookId || null,
    disconnected: true,
    deletedInApp: deleted.ok,
  });
  if (deleted.ok) return `Disconnected: the app at ${saved.address} no longer sends its SMS to this shop.`;
  const why = deleted.kind === "unauthorized" ? "refused the saved password" : "did not answer";
  return `Disconnected here, but the app at ${saved.address} ${why}: it may still send its SMS to this shop. Delete the webhook in the app (Settings → Webhooks), or press Turn off under SMS forwarder to refuse them.`;
}
