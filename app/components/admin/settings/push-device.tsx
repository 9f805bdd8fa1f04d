import { useState } from "react";
import { Button } from "~/components/ui/button";
import type { PushSubscriptionRequest } from "~/domain/operator-alerts/push-subscription";
import { adminWorkerRegistration, registerAdminWorker } from "~/lib/client/admin-worker";
import { apiCall } from "~/lib/client/api-client";
import { vapidKeyBytes } from "~/lib/client/vapid-key";
import { pushSubscribeEndpoint, pushUnsubscribeEndpoint } from "~/routes/api/admin/push-subscriptions.types";

async function subscribeThisDevice(publicKey: string): Promise<string> {
  if (!("serviceWorker" in navigator) || !("PushManager" in window)) {
    return "This browser cannot receive Web Push (on iPhone: add the shop to the Home Screen first)";
  }
  if ((await Notification.requestPermission()) !== "granted") return "Notifications were not allowed";
  await registerAdminWorker();
  // The worker that shows alerts must be running before the push service is asked for a subscription.
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: vapidKeyBytes(publicKey),
  });
  const reply = await apiCall(pushSubscribeEndpoint, { body: subscription.toJSON() as PushSubscriptionRequest });
  return reply.ok ? reply.data.message : reply.error.message;
}

async function unsubscribeThisDevice(): Promise<string> {
  const registration = await adminWorkerRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return "This device was not subscribed";
  const reply = await apiCall(pushUnsubscribeEndpoint, { body: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
  return reply.ok ? reply.data.message : reply.error.message;
}

/** Turns Web Push alerts on or off for the device this page is open on. */
export function PushDevice({ publicKey }: { publicKey: string | null }) {
  const [status, setStatus] = useState("");
  const [busy, setBusy] = useState(false);
  const run = (work: () => Promise<string>) => {
    setBusy(true);
    work()
      .then(setStatus)
      .catch((error: unknown) => setStatus(error instanceof Error ? error.message : "Something went wrong"))
      .finally(() => setBusy(false));
  };
  if (!publicKey) return <p className="text-sm text-gray-700">Web Push keys are made when the shop starts its jobs.</p>;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        type="button"
        size="sm"
        variant="neutral"
        disabled={busy}
        onClick={() => run(() => subscribeThisDevice(publicKey))}
      >
        Notify this device
      </Button>
      <Button type="button" size="sm" variant="neutral" disabled={busy} onClick={() => run(unsubscribeThisDevice)}>
        Stop on this device
      </Button>
      <span aria-live="polite" className="text-sm" data-testid="push-device-status">
        {status}
      </span>
    </div>
  );
}
