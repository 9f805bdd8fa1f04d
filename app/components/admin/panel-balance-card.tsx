import { Link, useFetcher } from "react-router";
import { useEffect } from "react";
import { type PanelBalance, formatPanelBalance } from "./panel-balance";

type Reply = ({ success: true } & PanelBalance) | { success: false; message: string };

/**
 * The SMM panel's balance on the dashboard. Loaded after the page, so a slow
 * or unreachable panel never holds the dashboard up.
 */
export function PanelBalanceCard() {
  const fetcher = useFetcher<Reply>();
  const { load } = fetcher;
  useEffect(() => {
    load("/api/admin/panel/balance");
  }, [load]);
  const reply = fetcher.data;

  return (
    <section aria-labelledby="panel-balance-title" className="rounded-xl border border-gray-200 bg-white p-4">
      <h2 id="panel-balance-title" className="text-xs font-medium text-gray-600">
        Panel Balance
      </h2>
      <div className="mt-1 min-h-7" aria-live="polite">
        {!reply ? (
          <p className="text-sm text-gray-600">Loading...</p>
        ) : reply.success ? (
          <p className="text-xl font-bold" data-testid="panel-balance">
            {formatPanelBalance(reply)}
          </p>
        ) : (
          <p className="text-sm text-red-700">
            {reply.message}{" "}
            <Link to="/admin/settings" className="underline">
              Settings
            </Link>
          </p>
        )}
      </div>
    </section>
  );
}
