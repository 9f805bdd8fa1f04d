import type { AdminOrderJson } from "~/domain/orders/admin-queries.server";
import { istDateTime } from "~/lib/ist-time";
import { formatCount } from "~/lib/money";

type Sent = NonNullable<AdminOrderJson["smmPanel"]["lastRequest"]>;

/**
 * What the shop last sent to the panel for an order, where and when, and the
 * panel's own order list: what the operator looks for before sending an order
 * of unknown outcome again.
 */
export function SentToPanel({ sent }: { sent: Sent }) {
  const how =
    sent.comments !== null
      ? `${formatCount(sent.comments)} custom comments`
      : sent.runs !== null && sent.interval !== null && sent.quantity !== null
        ? `${formatCount(sent.quantity)} per run, ${sent.runs} runs, ${sent.interval} min apart`
        : sent.quantity !== null
          ? formatCount(sent.quantity)
          : "—";
  return (
    <div className="rounded-lg border border-gray-200 bg-gray-50 p-3 text-sm text-gray-800" data-testid="sent-to-panel">
      <p className="font-medium">What was sent</p>
      <dl className="mt-1 grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1">
        <dt className="text-gray-600">When</dt>
        <dd>{sent.at ? `${istDateTime(Date.parse(sent.at))} IST` : "—"}</dd>
        <dt className="text-gray-600">To</dt>
        <dd className="break-all">{sent.url}</dd>
        <dt className="text-gray-600">Service</dt>
        <dd className="font-mono">{sent.service}</dd>
        <dt className="text-gray-600">Link</dt>
        <dd className="break-all">{sent.link}</dd>
        <dt className="text-gray-600">Quantity</dt>
        <dd>{how}</dd>
        {sent.replyOrderId && (
          <>
            <dt className="text-gray-600">Reply named</dt>
            <dd>order {sent.replyOrderId} (the panel does not know it)</dd>
          </>
        )}
      </dl>
      {sent.ordersPage && (
        <p className="mt-2">
          <a
            href={sent.ordersPage}
            target="_blank"
            rel="noopener noreferrer"
            className="font-medium text-brand-700 underline"
          >
            Open the panel's order list
          </a>{" "}
          and look for this link around that time.
        </p>
      )}
    </div>
  );
}
