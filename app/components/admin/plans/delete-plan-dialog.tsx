import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import type { ApiPlan } from "~/domain/plans/admin.server";

interface Props {
  plan: ApiPlan;
  submitting: boolean;
  onClose: () => void;
  onConfirm: () => void;
}

export function DeletePlanDialog({ plan, submitting, onClose, onConfirm }: Props) {
  return (
    <ConfirmDialog
      title="Are you sure?"
      confirmLabel="Delete"
      workingLabel="Deleting..."
      working={submitting}
      onCancel={onClose}
      onConfirm={onConfirm}
    >
      <p>
        This will permanently delete the plan "{plan.name}" for {plan.serviceType}. Existing orders keep their details.
      </p>
    </ConfirmDialog>
  );
}
