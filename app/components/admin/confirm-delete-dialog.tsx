import { ConfirmActionDialog } from "./orders/confirm-action-dialog";

export function ConfirmDeleteDialog({
  open,
  onOpenChange,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmActionDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Are you sure you want to delete this order?"
      confirmLabel="Delete"
      cancelLabel="Cancel"
      onConfirm={onConfirm}
    >
      This action cannot be undone. This will permanently delete the order.
    </ConfirmActionDialog>
  );
}
