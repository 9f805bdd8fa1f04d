import { Download, RotateCcw } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { useActionToast } from "~/components/admin/use-action-toast";
import { useConfirmedAction } from "~/components/admin/use-confirmed-action";
import { Button } from "~/components/ui/button";
import { SectionCard } from "~/components/ui/card";
import { type BackupContents, RestoreBackupDialog } from "./restore-backup-dialog";

interface Backup {
  name: string;
  bytes: number;
  createdAt: number;
  contents: BackupContents | null;
}

const when = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" });

/** Backups the danger zone wrote: each can be downloaded, or restored here (only missing rows come back). */
export function BackupsCard({ backups }: { backups: Backup[] }) {
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  const [chosen, setChosen] = useState<string | null>(null);
  const working = fetcher.state !== "idle";
  useActionToast(fetcher, { failureTitle: "Failed to restore the backup" });
  const confirm = useConfirmedAction(fetcher);
  const backup = backups.find((b) => b.name === chosen) ?? null;

  return (
    <SectionCard
      id="backups-settings"
      title="Backups"
      className="scroll-mt-20"
      description="Written before every deletion. Restore puts back what a backup holds that is missing now; nothing present is replaced. Backups never hold a panel's API key: enter it again on Admin → Panels after restoring the panels."
    >
      {fetcher.state === "idle" && fetcher.data?.ok && (
        <p role="status" className="mt-3 rounded-lg bg-green-50 px-3 py-2 text-sm text-green-800">
          {fetcher.data.message}
        </p>
      )}
      {backups.length === 0 ? (
        <p className="mt-3 text-sm text-gray-500">No backups yet.</p>
      ) : (
        <ul className="mt-3 divide-y divide-gray-100">
          {backups.map((b) => (
            <li key={b.name} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span className="min-w-0 break-all">
                <span className="font-mono">{b.name}</span>
                <span className="ml-2 text-gray-500">
                  {when.format(b.createdAt)} · {Math.max(1, Math.round(b.bytes / 1024))} KB
                </span>
              </span>
              <span className="flex items-center gap-4">
                <a
                  href={`/api/admin/backups/${encodeURIComponent(b.name)}`}
                  download
                  className="flex items-center gap-1 font-medium text-brand-700 hover:underline"
                >
                  <Download className="size-4" aria-hidden /> Download
                </a>
                <Button
                  variant="ghost"
                  size="inline"
                  aria-label={`Restore ${b.name}`}
                  onClick={() => {
                    setChosen(b.name);
                    confirm.ask("open");
                  }}
                  disabled={working}
                  className="flex items-center gap-1 font-medium text-brand-700 hover:underline"
                >
                  <RotateCcw className="size-4" aria-hidden /> Restore
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <RestoreBackupDialog
        {...confirm.dialog("open")}
        name={chosen}
        contents={backup?.contents ?? null}
        onConfirm={confirm.confirm(
          () => chosen && void fetcher.submit({ intent: "restore-backup", backup: chosen }, { method: "post" }),
        )}
      />
    </SectionCard>
  );
}
