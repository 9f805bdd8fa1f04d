import type { AppServices } from "~/context";
import { AppError } from "~/lib/app-error";
import { type AlertIntakeResponse, takeAlert } from "./alert-intake.server";
import { MAX_APP_ALERT_BODY_BYTES, appAlertBodySchema } from "./app-alert.types";
import { appAlertConfig } from "./payment-settings.server";
import { notificationText } from "./reader/notification-text";
import { paymentAppByPackage } from "./reader/payment-apps";
import { readAlert } from "./reader/read-alert";
import { type SignedRequest, readSignedJson } from "./signed-request.server";

/**
 * POST /api/payments/app-alert: the third payment source. A business payment
 * app (PhonePe Business, Paytm for Business…) announces every payment on the
 * operator's phone within seconds, where banks no longer text small credits; a
 * forwarder there relays each notification here, signed with the
 * notification secret from Settings exactly as the SMS forwarder signs
 * (signed-request.server.ts). The posting app's package is the sender: only
 * the apps registered in Settings are read (reader/payment-apps.ts), and a
 * credit then takes the same path as an SMS credit (alert-intake.server.ts).
 */

export async function receiveAppAlert(
  services: Pick<AppServices, "db" | "settings" | "config" | "logger">,
  request: SignedRequest,
  now = Date.now(),
): Promise<AlertIntakeResponse> {
  const { secret, apps } = await appAlertConfig(services.db);
  if (!secret) {
    throw new AppError(
      "UNAVAILABLE",
      "Payment-app notifications are not set up: make a secret in Settings → Payment app notifications",
    );
  }
  const body = await readSignedJson(services, secret, request, {
    source: "app",
    maxBytes: MAX_APP_ALERT_BODY_BYTES,
    schema: appAlertBodySchema,
    now,
  });
  const pkg = body.app.trim().toLowerCase();
  const text = notificationText(body);
  const reading = readAlert(text, { channel: "app", sender: pkg, apps });
  const app = paymentAppByPackage(pkg);
  const postedAt = body.postedAt === undefined ? null : Number(body.postedAt);
  // One notification, however often the phone relays it: by the app's own transaction id, else the forwarder's id.
  const txnId = reading.credit ? reading.alert.txnId : null;
  const messageId = txnId ? `${pkg}:txn:${txnId}` : body.id ? `${pkg}:${body.id.slice(0, 160)}` : null;
  return takeAlert(
    services,
    {
      source: "app",
      reporter: `app:${app?.name ?? pkg}`,
      text,
      reading,
      messageId,
      postedAt,
      evidence: { text: text.slice(0, 2_000), from: pkg.slice(0, 200), messageId: body.id ?? null, postedAt },
    },
    now,
  );
}
