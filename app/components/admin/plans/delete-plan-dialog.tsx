import { Button } from "~/components/ui/button";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from "~/components/ui/dialog";
import type { ApiPlan } from "~/domain/plans/admin.server";

interface Props {
  plan: ApiPlan;
  submitting: boolean;
  onClose: () => void;
  onConfirm: () => void;
}

export function DeletePlanDialog({ plan, submitting, onClose, onConfirm }: Props) {
  return (
    <AlertDialog open onOpenChange={(open) => !open && !submitting && onClose()}>
      <AlertDialogContent overlayClassName="z-50 bg-black/40">
        <AlertDialogTitle>Are you sure?</AlertDialogTitle>
        <AlertDialogDescription className="mt-2">
          This will permanently delete the plan "{plan.name}" for {plan.serviceType}. Existing orders keep their
          details.
        </AlertDialogDescription>
        <div className="mt-6 flex justify-end gap-2">
          <AlertDialogCancel asChild>
            <Button variant="neutral" size="md" className="font-normal" disabled={submitting}>
              Cancel
            </Button>
          </AlertDialogCancel>
          {/* Not an AlertDialogAction: the dialog stays open while the plan is deleted. */}
          <Button variant="destroy" size="md" onClick={onConfirm} disabled={submitting} className="disabled:opacity-60">
            {submitting ? "Deleting..." : "Delete"}
          </Button>
        </div>
      </AlertDialogContent>
    </AlertDialog>
  );
}
