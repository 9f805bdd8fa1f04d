import { ConfirmDialog } from "~/components/ui/confirm-dialog";
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
  open: boolean;
  name: string | null;
  contents: BackupContents | null;
  working: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      open={props.open && props.name !== null}
      tone="primary"
      title="Restore this backup?"
      confirmLabel="Restore"
      working={props.working}
      error={props.error}
      onCancel={props.onCancel}
      onConfirm={props.onConfirm}
    >
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
        Only rows missing now come back: existing orders, plans and settings are kept as they are. The SMM panel API key
        is never in a backup.
      </p>
    </ConfirmDialog>
  );
}
