import { Loader2 } from "lucide-react";
import { Button } from "~/components/ui/button";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from "~/components/ui/dialog";
import { plural } from "~/lib/plural";

export interface BackupContents {
  orders: number;
  plans: number;
  settings: number;
  payment_credits: number;
}

/** Each kind of row, as "1 order" / "3 orders". */
const ROWS: Array<[keyof BackupContents, string, string]> = [
  ["orders", "order", "orders"],
  ["payment_credits", "payment received (payment credit)", "payments received (payment credits)"],
  ["plans", "service plan", "service plans"],
  ["settings", "setting", "settings"],
];

/** Asks before a restore, naming what the backup holds and that nothing present now is replaced. */
export function RestoreBackupDialog(props: {
  name: string | null;
  contents: BackupContents | null;
  working: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <AlertDialog open={props.name !== null} onOpenChange={(open) => !open && !props.working && props.onCancel()}>
      <AlertDialogContent overlayClassName="z-50 bg-black/40">
        <AlertDialogTitle>Restore this backup?</AlertDialogTitle>
        <AlertDialogDescription asChild>
          <div className="mt-2 space-y-2">
            <p className="font-mono text-xs break-all">{props.name}</p>
            {props.contents ? (
              <>
                <p>It holds:</p>
                <ul className="list-disc pl-5">
                  {ROWS.map(([key, one, other]) => (
                    <li key={key}>{plural(props.contents![key], one, other)}</li>
                  ))}
                </ul>
              </>
            ) : (
              <p>Its rows were not counted here (a very large or unreadable file).</p>
            )}
            <p>
              Only rows missing now come back: existing orders, plans and settings are kept as they are. The SMM panel
              API key is never in a backup.
            </p>
          </div>
        </AlertDialogDescription>
        <div className="mt-6 flex justify-end gap-2">
          <AlertDialogCancel asChild>
            <Button variant="neutral" size="md" disabled={props.working} className="font-normal">
              Cancel
            </Button>
          </AlertDialogCancel>
          {/* Not an AlertDialogAction: the dialog stays open, with its spinner, until the restore is done. */}
          <Button size="md" onClick={props.onConfirm} disabled={props.working} className="disabled:opacity-60">
            {props.working && <Loader2 className="size-4 animate-spin" aria-hidden />}
            Restore
          </Button>
        </div>
      </AlertDialogContent>
    </AlertDialog>
  );
}
