import { RefreshCw } from "lucide-react";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { toast } from "sonner";

type Line = { done: number; total: number } | { success: boolean; message: string; updated?: number; failed?: number };

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
    try {
      const res = await fetch("/api/admin/panel/update-profits", {
        method: "POST",
        headers: { accept: "application/x-ndjson" },
      });
      if (!res.ok || !res.body) {
        const body = (await res.json().catch(() => null)) as { message?: string } | null;
        toast.error(FAILED, body?.message ? { description: body.message } : undefined);
        return;
      }
      const last = await readLines(res.body, (line) => "done" in line && setProgress(line));
      if (!last || !("success" in last)) toast.error(FAILED);
      else if (!last.success) toast.error(FAILED, { description: last.message });
      else if (!last.updated && !last.failed) toast.info(last.message);
      else if (last.updated) toast.success(last.message);
      else toast.error(last.message);
      if (last && "success" in last && (last.updated || last.failed)) revalidator.revalidate();
    } catch {
      toast.error(FAILED);
    } finally {
      setRunning(false);
      setProgress(null);
    }
  }

  const percent = progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;
  return (
    <div className="relative">
      <button
        type="button"
        onClick={run}
        disabled={running}
        className="inline-flex items-center gap-2 rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm font-medium hover:bg-gray-50 disabled:opacity-60"
      >
        <RefreshCw className={`h-4 w-4 ${running ? "animate-spin" : ""}`} aria-hidden />
        {running ? "Updating Profits..." : "Update All Profits"}
      </button>
      {/* Absolute, so the bar appearing does not move the toolbar. */}
      {running && (
        <div
          role="progressbar"
          aria-label="Profit update progress"
          aria-valuemin={0}
          aria-valuemax={progress?.total ?? 0}
          aria-valuenow={progress?.done ?? 0}
          aria-valuetext={progress ? `${progress.done} of ${progress.total} orders` : "Starting"}
          className="absolute inset-x-0 -bottom-2.5 h-1.5 overflow-hidden rounded-full bg-gray-200"
        >
          <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
        </div>
      )}
    </div>
  );
}

/** Reads newline-delimited JSON, handing each line over; returns the last one. */
async function readLines(body: ReadableStream<Uint8Array>, onLine: (line: Line) => void): Promise<Line | null> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let last: Line | null = null;
  for (;;) {
    const { value, done } = await reader.read();
    buffer += decoder.decode(value, { stream: !done });
    const lines = buffer.split("\n");
    buffer = done ? "" : lines.pop()!;
    for (const text of lines) {
      if (!text.trim()) continue;
      last = JSON.parse(text) as Line;
      onLine(last);
    }
    if (done) return last;
  }
}
