import { useId, useState } from "react";
import { Input } from "~/components/ui/input";
import { formatInr } from "~/lib/money";
import { ConfirmActionDialog } from "./orders/confirm-action-dialog";

/**
 * The spec's "Are you sure you want to delete this order?". A paid order (a
 * sale) asks for its id to be typed first and says what deleting it does.
 */
export function ConfirmDeleteDialog({
  order,
  onOpenChange,
  onConfirm,
}: {
  order: { orderId: string; sale: boolean; price: number } | null;
  onOpenChange: (open: boolean) => void;
  /** With the order id as the operator typed it (a sale), or nothing. */
  onConfirm: (typedOrderId?: string) => void;
}) {
  const [typed, setTyped] = useState("");
  const id = useId();
  const sale = order?.sale ?? false;
  const matches = order !== null && typed.trim().replace(/^#/, "").toUpperCase() === order.orderId;
  return (
    <ConfirmActionDialog
      open={order !== null}
      onOpenChange={(open) => {
        if (!open) setTyped("");
        onOpenChange(open);
      }}
      title="Are you sure you want to delete this order?"
      confirmLabel="Delete"
      cancelLabel="Cancel"
      confirmDisabled={sale && !matches}
      onConfirm={() => {
        onConfirm(sale ? typed.trim() : undefined);
        setTyped("");
      }}
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
    </ConfirmActionDialog>
  );
}
