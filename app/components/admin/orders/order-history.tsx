import { istDateTime } from "~/domain/dashboard/ist-time";

export interface HistoryEntry {
  at: number;
  actor: string;
  action: string;
  details: string | null;
}

const LABELS: Record<string, string> = {
  "order.place": "Place Order",
  "order.cancel": "Cancel Order",
  "order.retry": "Retry Order",
  "order.update-profit": "Update Profit",
  "order.erase": "Customer data erased",
};

function describe(details: string | null): string {
  if (!details) return "";
  try {
    const parsed = JSON.parse(details) as { result?: string; failed?: string };
    return parsed.result ?? (parsed.failed ? `Failed: ${parsed.failed}` : "");
  } catch {
    return "";
  }
}

/** What admins did to this order, newest first (from the audit trail). */
export function OrderHistory({ entries }: { entries: HistoryEntry[] }) {
  if (entries.length === 0) return <p className="text-sm text-gray-600">No admin actions yet.</p>;
  return (
    <ol className="space-y-2 text-sm">
      {entries.map((e, i) => (
        <li key={`${e.at}-${i}`} className="flex flex-wrap gap-x-2">
          <time className="text-gray-600">{istDateTime(e.at)}</time>
          <span className="font-medium">{LABELS[e.action] ?? e.action}</span>
          <span className="text-gray-600">by {e.actor}</span>
          {describe(e.details) && <span className="w-full text-gray-700">{describe(e.details)}</span>}
        </li>
      ))}
    </ol>
  );
}
