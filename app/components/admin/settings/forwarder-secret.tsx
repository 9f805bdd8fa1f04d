import { useRef } from "react";
import { useFetcher } from "react-router";
import type { PaymentAlertsResult } from "~/domain/payments/alerts-settings-actions";
import { CopyButton } from "~/components/admin/copy-button";
import { useActionToast } from "~/components/admin/use-action-toast";
import { Button } from "~/components/ui/button";

export interface SecretStatus {
  configured: boolean;
  hint: string | null;
  setAt: number | null;
}

const time = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" });

/**
 * The two forwarders that sign what they relay, in the operator's words: the SMS forwarder (bank alerts)
 * and the notification forwarder (payment apps). Their intents and test ids are named after their key.
 */
const FORWARDERS = {
  sms: { title: "SMS forwarder", copyWhere: "the forwarder" },
  app: { title: "Notification forwarder", copyWhere: "Tasker on your phone (the BK_SECRET variable)" },
} as const;

/**
 * A forwarder's signing secret (the SMS one, the notification one): where it sends, whether one is set
 * (its last 4 characters and when it was made), and making a new one (shown once) or turning it off.
 * Its actions are `${forwarder}-secret-rotate` and `-disable`; its test ids `${forwarder}-secret`, `-status`, `-qr`.
 */
export function ForwarderSecret({
  forwarder,
  status,
  endpoint,
}: {
  forwarder: keyof typeof FORWARDERS;
  status: SecretStatus;
  /** Where the forwarder sends (this shop's address). */
  endpoint: string;
}) {
  const { title, copyWhere } = FORWARDERS[forwarder];
  const testId = `${forwarder}-secret`;
  const intents = { rotate: `${forwarder}-secret-rotate`, disable: `${forwarder}-secret-disable` };
  const fetcher = useFetcher<PaymentAlertsResult>();
  useActionToast(fetcher, { failureTitle: `${title}: secret not changed` });
  const made =
    fetcher.state === "idle" && fetcher.data?.ok && fetcher.data.intent === intents.rotate ? fetcher.data : undefined;
  const secret = made?.secret;
  const shown = useRef<HTMLElement>(null);
  const busy = fetcher.state !== "idle";
  return (
    <div className="mt-4 space-y-2 border-t border-gray-100 pt-4">
      <h3 className="font-semibold">{title}</h3>
      <p className="text-sm text-gray-700">
        Address: <code className="break-all">{endpoint}</code>
      </p>
      <p className="text-sm text-gray-700" data-testid={`${testId}-status`}>
        {status.configured
          ? `Secret ending …${status.hint}, made ${status.setAt ? time.format(status.setAt) : "earlier"} IST.`
          : "Off: no secret yet."}
      </p>
      {secret && (
        <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm">
          <p className="font-semibold">Copy this secret into {copyWhere} now. It is not shown again.</p>
          <code ref={shown} className="mt-1 block break-all font-mono select-all" data-testid={testId}>
            {secret}
          </code>
          {/* A 64-character secret is not typed on a phone (issue 45): copied, or scanned from this screen. */}
          <div className="mt-2 flex flex-wrap items-start gap-3">
            <CopyButton text={secret} label="Copy secret" what={`${title} secret`} shown={() => shown.current} />
            {made?.secretQr && (
              <figure className="text-xs text-gray-700">
                <img
                  src={made.secretQr}
                  width={176}
                  height={176}
                  alt={`The ${title} secret as a QR code`}
                  data-testid={`${testId}-qr`}
                  className="rounded border border-gray-200 bg-white"
                />
                <figcaption className="mt-1 max-w-44">
                  On the phone: scan it with the camera (or Google Lens), copy the text, paste it into {copyWhere}.
                </figcaption>
              </figure>
            )}
          </div>
        </div>
      )}
      <fetcher.Form method="post" className="flex flex-wrap gap-2">
        <Button type="submit" name="intent" value={intents.rotate} disabled={busy} size="sm">
          {status.configured ? "Make a new secret" : "Make a secret"}
        </Button>
        {status.configured && (
          <Button type="submit" name="intent" value={intents.disable} disabled={busy} variant="neutral" size="sm">
            Turn off
          </Button>
        )}
      </fetcher.Form>
    </div>
  );
}
