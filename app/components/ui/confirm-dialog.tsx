import { type VariantProps, cva } from "class-variance-authority";
import { Loader2 } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { Button } from "~/components/ui/button";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from "~/components/ui/dialog";
import { useReturnFocus } from "~/components/ui/use-return-focus";

/*
 * The admin's "are you sure?" before an action that cannot be taken back or
 * should not be taken by accident (delete a plan, a panel, an order or data,
 * restore a backup, send an unpaid order, cancel one, erase a buyer's
 * details). It stays open while the action runs (its button is not an
 * AlertDialogAction): the operator sees the spinner, then either the dialog
 * closes (the page closes it on success) or the refusal shows inside it
 * (`error`). A second click before the action answers sends nothing.
 */

export const confirmTitleVariants = cva("", {
  variants: {
    tone: {
      /** A deletion of one record. */
      destroy: "",
      /** Deletes data in bulk: the title is red as well. */
      alarm: "text-red-800",
      /** Changes data without deleting any (a restore). */
      primary: "",
    },
  },
  defaultVariants: { tone: "destroy" },
});

const CONFIRM_BUTTON = { destroy: "destroy", alarm: "destroy", primary: "primary" } as const;

export function ConfirmDialog({
  open = true,
  title,
  children,
  confirmLabel,
  cancelLabel = "Cancel",
  workingLabel,
  working,
  confirmDisabled = false,
  error,
  tone,
  onCancel,
  onConfirm,
}: VariantProps<typeof confirmTitleVariants> & {
  open?: boolean;
  title: ReactNode;
  /** What the action does, in paragraphs or a list. */
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** The button's words while the action runs; otherwise a spinner beside `confirmLabel`. */
  workingLabel?: string;
  /** The action `onConfirm` started has not answered yet. */
  working: boolean;
  /** Until the operator has done what the dialog asks (ticked a box, typed an order id again), the action stays off. */
  confirmDisabled?: boolean;
  /** The action's refusal, said in the dialog (which stays open for another try or Cancel). */
  error?: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const returnFocus = useReturnFocus();
  const sent = useOnce(working, open);
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && !working && onCancel()}>
      <AlertDialogContent {...returnFocus} overlayClassName="z-50 bg-black/40">
        <AlertDialogTitle className={confirmTitleVariants({ tone })}>{title}</AlertDialogTitle>
        <AlertDialogDescription asChild>
          <div className="mt-2 space-y-2">{children}</div>
        </AlertDialogDescription>
        {error && !working && (
          <p role="alert" className="mt-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {error}
          </p>
        )}
        <div className="mt-6 flex justify-end gap-2">
          <AlertDialogCancel asChild>
            <Button variant="neutral" size="md" disabled={working} className="font-normal">
              {cancelLabel}
            </Button>
          </AlertDialogCancel>
          <Button
            variant={CONFIRM_BUTTON[tone ?? "destroy"]}
            size="md"
            onClick={() => sent(onConfirm)}
            disabled={working || confirmDisabled}
            aria-busy={working || undefined}
            className="disabled:opacity-60"
          >
            {working && workingLabel ? (
              workingLabel
            ) : (
              <>
                {working && <Loader2 className="size-4 animate-spin" aria-hidden />}
                {confirmLabel}
              </>
            )}
          </Button>
        </div>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/**
 * Runs the confirmation once until the action answers: a double click (or a
 * tap repeated on a slow phone) lands before `working` turns true, so the
 * button's `disabled` alone cannot stop the second one. Armed again when the
 * action has answered (`working` back to false) or the dialog opens anew.
 */
function useOnce(working: boolean, open: boolean) {
  const fired = useRef(false);
  const ran = useRef(false);
  useEffect(() => {
    if (working) ran.current = true;
    else if (ran.current) {
      ran.current = false;
      fired.current = false;
    }
  }, [working]);
  useEffect(() => {
    if (open) fired.current = false;
  }, [open]);
  return (action: () => void) => {
    if (fired.current || working) return;
    fired.current = true;
    action();
  };
}
