import { useId, useState } from "react";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Input } from "~/components/ui/input";
import { formatInr } from "~/lib/money";

/**
 * The spec's "Are you sure you want to delete this order?". A paid order (a
 * sale) asks for its id to be typed first and says what deleting it does.
 */
export function ConfirmDeleteDialog({
  order,
  open,
  working,
  error,
  onCancel,
  onConfirm,
}: {
  order: { orderId: string; sale: boolean; price: number } | null;
  open: boolean;
  /** The delete has been sent and not answered yet. */
  working: boolean;
  /** The delete's refusal. */
  error: string | null;
  onCancel: () => void;
  /** With the order id as the operator typed it (a sale), or nothing. */
  onConfirm: (typedOrderId?: string) => void;
}) {
  const [typed, setTyped] = useState("");
  const id = useId();
  const sale = order?.sale ?? false;
  const matches = order !== null && typed.trim().replace(/^#/, "").toUpperCase() === order.orderId;
  return (
    <ConfirmDialog
      open={open && order !== null}
      working={working}
      error={error}
      title="Are you sure you want to delete this order?"
      confirmLabel="Delete"
      confirmDisabled={sale && !matches}
      onCancel={onCancel}
      onConfirm={() => onConfirm(sale ? typed.trim() : undefined)}
    >
      <p>This action cannot be undone. This will permanently delete the order.</p>
      {order && sale && (
        <>
          <p>
            This order was paid (<strong>{formatInr(Math.round(order.price * 100))}</strong>). It will no longer count
            on the dashboard, which will say a deleted sale is missing. A backup of it is written first (Settings →
            Backups).
          </p>
          <label htmlFor={id} className="block font-medium text-gray-900">
            Type the order id <span className="font-mono">{order.orderId}</span> to delete it
          </label>
          <Input
            id={id}
            size="sm"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className="w-full font-mono"
          />
        </>
      )}
    </ConfirmDialog>
  );
}
