import { Link } from "react-router";
import { useEffect, useState } from "react";
import { type ApiResult, apiCall } from "~/lib/client/api-client";
import { type PanelBalanceResponse, panelBalanceEndpoint } from "~/routes/api/admin/panel.types";
import { TitledCard } from "~/components/ui/card";
import { formatPanelBalance } from "./panel-balance";

/**
 * The SMM panel's balance on the dashboard. Loaded after the page, so a slow
 * or unreachable panel never holds the dashboard up.
 */
export function PanelBalanceCard() {
  const [reply, setReply] = useState<ApiResult<PanelBalanceResponse> | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    void apiCall(panelBalanceEndpoint, { signal: controller.signal }).then((result) => {
      if (!controller.signal.aborted) setReply(result);
    });
    return () => controller.abort();
  }, []);

  return (
    <TitledCard
      title="Panel Balance"
      headingId="panel-balance-title"
      headingClassName="text-xs font-medium text-gray-600"
      radius="lg"
      padding="sm"
      shadow="none"
    >
      <div className="mt-1 min-h-7" aria-live="polite">
        {!reply ? (
          <p className="text-sm text-gray-600">Loading...</p>
        ) : reply.ok ? (
          <p className="text-xl font-bold" data-testid="panel-balance">
            {formatPanelBalance(reply.data)}
          </p>
        ) : (
          <p className="text-sm text-red-700">
            {reply.error.message}{" "}
            <Link to="/admin/settings" className="underline">
              Settings
            </Link>
          </p>
        )}
      </div>
    </TitledCard>
  );
}
