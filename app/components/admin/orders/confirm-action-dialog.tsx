import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from "~/components/ui/dialog";
import { useReturnFocus } from "../use-return-focus";

/** A yes/no question before an action the operator should not take by accident. */
export function ConfirmActionDialog({
  open,
  onOpenChange,
  title,
  children,
  confirmLabel,
  cancelLabel = "Go back",
  tone = "danger",
  confirmDisabled = false,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  tone?: "danger" | "primary";
  /** Until the operator has done what the dialog asks (ticked a box, typed an order id again), the action stays off. */
  confirmDisabled?: boolean;
  onConfirm: () => void;
}) {
  const returnFocus = useReturnFocus();
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent {...returnFocus} overlayClassName="bg-black/40" className="rounded-xl">
        <AlertDialogTitle className="font-semibold">{title}</AlertDialogTitle>
        <AlertDialogDescription asChild>
          <div className="mt-2 space-y-2">{children}</div>
        </AlertDialogDescription>
        <div className="mt-6 flex justify-end gap-2">
          <AlertDialogCancel asChild>
            <Button variant="neutral" size="md" className="text-sm font-medium">
              {cancelLabel}
            </Button>
          </AlertDialogCancel>
          <AlertDialogAction asChild>
            <Button variant={tone} size="md" className="text-sm" onClick={onConfirm} disabled={confirmDisabled}>
              {confirmLabel}
            </Button>
          </AlertDialogAction>
        </div>
      </AlertDialogContent>
    </AlertDialog>
  );
}
