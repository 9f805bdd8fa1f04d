import { AlertDialog } from "radix-ui";
import type { ApiPlan } from "~/domain/plans/admin.server";

interface Props {
  plan: ApiPlan;
  submitting: boolean;
  onClose: () => void;
  onConfirm: () => void;
}

export function DeletePlanDialog({ plan, submitting, onClose, onConfirm }: Props) {
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && !submitting && onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-bold">Are you sure?</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-gray-700">
            This will permanently delete the plan "{plan.name}" for {plan.serviceType}. Existing orders keep their
            details.
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <button type="button" className="rounded-lg border border-gray-300 px-4 py-2" disabled={submitting}>
                Cancel
              </button>
            </AlertDialog.Cancel>
            <button
              type="button"
              onClick={onConfirm}
              disabled={submitting}
              className="rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-60"
            >
              {submitting ? "Deleting..." : "Delete"}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
