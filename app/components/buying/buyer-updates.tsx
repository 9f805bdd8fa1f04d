import { Bell, BellOff, MessageCircle } from "lucide-react";
import { useEffect, useId, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import type { PushSubscriptionRequest } from "~/domain/operator-alerts/push-subscription";
import { type UpdatesOffer, whatsappUpdatesLink } from "~/domain/buyer-messages/offer";
import { apiCall } from "~/lib/client/api-client";
import { vapidKeyBytes } from "~/lib/client/vapid-key";
import { buyerWorkerRegistration, registerBuyerWorker } from "~/lib/client/buyer-worker";
import { useMessageText } from "~/components/use-message";
import { orderNotifyEndpoint, orderUnnotifyEndpoint } from "~/routes/api/order-notifications.types";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { readJson, writeJson } from "./storage";

type Support = "unknown" | "yes" | "no" | "iphone";

const noSubscription = () => () => {};

/** The orders this browser asked notifications for: one browser subscription serves each of them. */
const NOTIFIED_KEY = "notifiedOrders";
const notifiedOrders = () => readJson<string[]>("local", NOTIFIED_KEY) ?? [];
function remember(orderId: string, on: boolean) {
  const others = notifiedOrders().filter((id) => id !== orderId);
  writeJson("local", NOTIFIED_KEY, on ? [...others, orderId].slice(-20) : others);
}

/** Where Web Push can work: a browser with service workers and push; on iPhone only from the Home Screen. */
function pushSupport(): Support {
  const ios = /iPhone|iPad|iPod/.test(navigator.userAgent);
  const standalone = window.matchMedia?.("(display-mode: standalone)").matches ?? false;
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
    return ios && !standalone ? "iphone" : "no";
  }
  return "yes";
}

/**
 * "Updates about this order" on the checkout (once paid or claimed) and on
 * /track: a chat on WhatsApp with the order id filled in, and this browser's
 * notifications for this order only ("Notify me"), honest about where they
 * cannot work. The order's phone is asked for when the page does not know it.
 */
export function BuyerUpdates({ orderId, phone, offer }: { orderId: string; phone?: string; offer: UpdatesOffer }) {
  const { t } = useTranslation("updates");
  const message = useMessageText();
  const phoneId = useId();
  // Known only in the browser: the server and the first (hydrating) render say "unknown".
  const support = useSyncExternalStore(noSubscription, pushSupport, () => "unknown" as const);
  const [typedPhone, setTypedPhone] = useState("");
  const [endpoint, setEndpoint] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState("");

  useEffect(() => {
    void buyerWorkerRegistration()
      .then((registration) => registration?.pushManager.getSubscription())
      .then((subscription) =>
        setEndpoint(subscription && notifiedOrders().includes(orderId) ? subscription.endpoint : null),
      )
      .catch(() => undefined);
  }, [orderId]);

  const proof = phone ?? typedPhone;

  async function notify() {
    if (!offer.pushKey) return;
    setBusy(true);
    try {
      if ((await Notification.requestPermission()) !== "granted") {
        setStatus(t("notifyDenied"));
        return;
      }
      const registration = await registerBuyerWorker();
      if (!registration) {
        setStatus(t("notifyUnsupported"));
        return;
      }
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: vapidKeyBytes(offer.pushKey),
        }));
      const reply = await apiCall(orderNotifyEndpoint, {
        params: orderId,
        body: { phone: proof, subscription: subscription.toJSON() as PushSubscriptionRequest },
      });
      if (reply.ok) {
        setEndpoint(subscription.endpoint);
        remember(orderId, true);
      }
      setStatus(message(reply.ok ? reply.data.message : reply.error));
    } catch {
      setStatus(t("notifyFailed"));
    } finally {
      setBusy(false);
    }
  }

  async function stop() {
    if (!endpoint) return;
    setBusy(true);
    try {
      const reply = await apiCall(orderUnnotifyEndpoint, { params: orderId, body: { phone: proof, endpoint } });
      // The browser keeps its subscription for the shop's other orders; this order no longer uses it.
      if (reply.ok) {
        setEndpoint(null);
        remember(orderId, false);
      }
      setStatus(message(reply.ok ? reply.data.message : reply.error));
    } finally {
      setBusy(false);
    }
  }

  if (!offer.whatsappNumber && !offer.pushKey) return null;
  return (
    <section aria-labelledby={`${phoneId}-heading`} className="mt-6 rounded-xl bg-gray-50 p-4 text-left">
      <h2 id={`${phoneId}-heading`} className="font-semibold">
        {t("heading")}
      </h2>
      {offer.whatsappNumber && (
        <div className="mt-3">
          <Button asChild variant="whatsapp" className="w-full">
            <a
              href={whatsappUpdatesLink(offer.whatsappNumber, t("whatsappText", { orderId }))}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="whatsapp-updates"
            >
              <MessageCircle aria-hidden className="size-5" /> {t("whatsapp")}
            </a>
          </Button>
          <p className="mt-1 text-sm text-gray-700">{t("whatsappHint")}</p>
        </div>
      )}
      {offer.pushKey && (
        <div className="mt-4 space-y-2">
          {support === "iphone" && <p className="text-sm text-gray-700">{t("iphone")}</p>}
          {support === "no" && <p className="text-sm text-gray-700">{t("notifyUnsupported")}</p>}
          {support === "yes" && !phone && !endpoint && (
            <Field id={phoneId} label={t("phone")}>
              {(control) => (
                <Input
                  {...control}
                  size="md"
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel"
                  maxLength={20}
                  value={typedPhone}
                  onChange={(e) => setTypedPhone(e.target.value)}
                />
              )}
            </Field>
          )}
          {support === "yes" &&
            (endpoint ? (
              <Button type="button" variant="outline" size="md" disabled={busy} onClick={() => void stop()}>
                <BellOff aria-hidden className="size-4" /> {t("notifyOff")}
              </Button>
            ) : (
              <Button
                type="button"
                variant="outline"
                size="md"
                disabled={busy || proof.trim() === ""}
                onClick={() => void notify()}
              >
                <Bell aria-hidden className="size-4" /> {busy ? t("notifyBusy") : t("notify")}
              </Button>
            ))}
          <p aria-live="polite" className="text-sm" data-testid="notify-status">
            {status}
          </p>
        </div>
      )}
    </section>
  );
}
