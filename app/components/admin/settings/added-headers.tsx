import { useFetcher } from "react-router";
import type { PaymentAlertsResult } from "~/domain/payments/alerts-settings-actions";
import type { AddedHeaderView } from "~/domain/payments/sender-headers.server";
import { useActionToast } from "~/components/admin/use-action-toast";
import { Button } from "~/components/ui/button";

const day = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeZone: "Asia/Kolkata" });

/**
 * The SMS sender headers the operator added from Payments, each read as its bank's: who added it and when,
 * and removing it (audited). Nothing shows until one is added.
 */
export function AddedHeaders({ headers }: { headers: AddedHeaderView[] }) {
  const remove = useFetcher<PaymentAlertsResult>();
  useActionToast(remove, { failureTitle: "Sender header not removed" });
  if (headers.length === 0) return null;
  return (
    <div className="mt-3 space-y-1" data-testid="added-headers">
      <h4 className="text-sm font-semibold">Sender headers you added</h4>
      <p className="text-xs text-gray-600">
        SMS from these headers are read as their bank&apos;s, like the headers the shop knows. Add one from an alert set
        aside under Payments.
      </p>
      <ul className="divide-y divide-gray-100 text-sm">
        {headers.map((h) => (
          <li key={h.header} className="flex items-center justify-between gap-2 py-1.5">
            <span>
              <code className="font-mono">{h.header}</code> → {h.bankName}
              <span className="text-xs text-gray-600">
                {" "}
                (added by {h.addedBy}, {day.format(h.addedAt)})
              </span>
            </span>
            <remove.Form method="post">
              <input type="hidden" name="header" value={h.header} />
              <Button type="submit" name="intent" value="sender-remove" variant="neutral" size="sm">
                Remove {h.header}
              </Button>
            </remove.Form>
          </li>
        ))}
      </ul>
    </div>
  );
}
