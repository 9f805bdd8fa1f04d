import { type VariantProps, cva } from "class-variance-authority";
import { Loader2 } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from "~/components/ui/dialog";

/*
 * The admin's "are you sure?" before an action that cannot be taken back
 * (delete a plan or a panel, delete data, restore a backup). It stays open
 * while the action runs (its button is not an AlertDialogAction): the
 * operator sees the spinner and the answer, and cannot close it half-way.
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
  workingLabel,
  working,
  tone,
  onCancel,
  onConfirm,
}: VariantProps<typeof confirmTitleVariants> & {
  open?: boolean;
  title: ReactNode;
  /** What the action does, in paragraphs or a list. */
  children: ReactNode;
  confirmLabel: string;
  /** The button's words while the action runs; otherwise a spinner beside `confirmLabel`. */
  workingLabel?: string;
  working: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && !working && onCancel()}>
      <AlertDialogContent overlayClassName="z-50 bg-black/40">
        <AlertDialogTitle className={confirmTitleVariants({ tone })}>{title}</AlertDialogTitle>
        <AlertDialogDescription asChild>
          <div className="mt-2 space-y-2">{children}</div>
        </AlertDialogDescription>
        <div className="mt-6 flex justify-end gap-2">
          <AlertDialogCancel asChild>
            <Button variant="neutral" size="md" disabled={working} className="font-normal">
              Cancel
            </Button>
          </AlertDialogCancel>
          <Button
            variant={CONFIRM_BUTTON[tone ?? "destroy"]}
            size="md"
            onClick={onConfirm}
            disabled={working}
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
