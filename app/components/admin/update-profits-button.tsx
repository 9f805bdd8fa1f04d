import { RefreshCw } from "lucide-react";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { toast } from "~/components/ui/toast";
import { Button } from "~/components/ui/button";
import { apiStream } from "~/lib/client/api-client";
import { updateProfitsEndpoint } from "~/routes/api/admin/panel-profits.types";
import { formatCount } from "~/lib/money";
import { plural } from "~/lib/plural";

const FAILED = "Failed to bulk update profits";

/**
 * 'Update All Profits': reads the panel's charge for every placed order without
 * a profit. The server streams progress lines, shown as "done / total".
 */
export function UpdateProfitsButton() {
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [running, setRunning] = useState(false);
  const revalidator = useRevalidator();

  async function run() {
    setRunning(true);
    setProgress(null);
    const reply = await apiStream(updateProfitsEndpoint, {}, setProgress);
    setRunning(false);
    setProgress(null);
    if (!reply.ok) {
      toast.error(FAILED, { description: reply.error.message });
      return;
    }
    const { updated, failed, message } = reply.data;
    if (!updated && !failed) toast.info(message);
    else if (updated) toast.success(message);
    else toast.error(message);
    if (updated || failed) void revalidator.revalidate();
  }

  const percent = progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;
  return (
    <div className="relative">
      <Button
        variant="neutral"
        size="md"
        onClick={run}
        disabled={running}
        className="px-3 text-sm font-medium disabled:cursor-default disabled:opacity-60"
      >
        <RefreshCw className={`h-4 w-4 ${running ? "animate-spin" : ""}`} aria-hidden />
        {running ? "Updating Profits..." : "Update All Profits"}
      </Button>
      {/* Absolute, so the bar appearing does not move the toolbar. */}
      {running && (
        <div
          role="progressbar"
          aria-label="Profit update progress"
          aria-valuemin={0}
          aria-valuemax={progress?.total ?? 0}
          aria-valuenow={progress?.done ?? 0}
          aria-valuetext={progress ? `${formatCount(progress.done)} of ${plural(progress.total, "order")}` : "Starting"}
          className="absolute inset-x-0 -bottom-2.5 h-1.5 overflow-hidden rounded-full bg-gray-200"
        >
          <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
        </div>
      )}
    </div>
  );
}
