import { useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import type { ForwardedSmsNote } from "~/domain/payments/payment-settings.server";

const time = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" });

/** Reasons the reader gives for a text it did not take as a bank's: the sender id is not a bank's. */
const NOT_A_BANK_SENDER = new Set([
  "no_sender",
  "unknown_sender",
  "lookalike_sender",
  "promotional_sender",
  "other_bank",
]);

/** What the shop made of the SMS, in the operator's words. */
export function forwardedResult(note: ForwardedSmsNote): string {
  switch (note.outcome) {
    case "confirmed":
      return `read as a payment: it paid order ${note.orderId ?? ""}.`.replace(" .", ".");
    case "unmatched":
      return "read as a payment that matched no order: it waits for you under Payments.";
    case "duplicate":
      return "a payment reported before: nothing new happened.";
    default:
      return note.reason && NOT_A_BANK_SENDER.has(note.reason)
        ? "not from a bank's sender id, so not read as a payment. The forwarder works."
        : "not a bank credit alert, so not read as a payment. The forwarder works.";
  }
}

/**
 * "Send a test SMS" for the SMS forwarder (issue 45, point 12): the operator
 * texts the forwarder's phone from another one, and the card shows what
 * arrived, signed with the current secret, and what the shop made of it; or
 * that nothing did since the secret was made, and what to check.
 */
export function ForwarderCheck({
  last,
  configured,
  setAt,
}: {
  last: ForwardedSmsNote | null;
  configured: boolean;
  setAt: number | null;
}) {
  const revalidator = useRevalidator();
  if (!configured) return null;
  const since = last && (setAt === null || last.at >= setAt) ? last : null;
  return (
    <div className="mt-2 space-y-2 rounded-lg border border-gray-200 p-3 text-sm" data-testid="sms-forwarder-check">
      <h4 className="font-medium">Send a test SMS</h4>
      <p className="text-gray-700">
        From any other phone, text anything (e.g. &quot;test&quot;) to the phone with the forwarder. Within a minute it
        shows here.
      </p>
      <p role="status" data-testid="sms-forwarder-last">
        {since ? (
          <>
            <span className="font-medium text-green-800">Received</span> {time.format(since.at)} IST
            {since.from ? ` from ${since.from}` : ""}, signed with this secret: {forwardedResult(since)}
          </>
        ) : (
          <>
            <span className="font-medium text-amber-800">Nothing received</span> since this secret was made. If you sent
            one: check the Signing Key and the webhook address in the app, and that the phone is online.
          </>
        )}
      </p>
      <Button
        type="button"
        size="sm"
        variant="neutral"
        disabled={revalidator.state !== "idle"}
        onClick={() => void revalidator.revalidate()}
      >
        {revalidator.state !== "idle" ? "Checking..." : "Check again"}
      </Button>
    </div>
  );
}
