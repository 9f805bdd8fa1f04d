import { useState } from "react";
import { Button } from "~/components/ui/button";
import { ConfirmActionDialog } from "./confirm-action-dialog";

/** On the buyer's request, forget their name and phone; asked once more first, as it cannot be undone. */
export function EraseCustomerData({ busy, onErase }: { busy: boolean; onErase: () => void }) {
  const [asking, setAsking] = useState(false);
  return (
    <div className="mt-4 border-t border-gray-100 pt-4">
      <p className="mb-2 text-sm text-gray-600">
        On the buyer's request (privacy policy), forget their name and phone.
      </p>
      <Button
        variant="dangerOutline"
        size="sm"
        disabled={busy}
        onClick={() => setAsking(true)}
        className="bg-white py-2 text-red-800"
      >
        Erase customer data
      </Button>
      <ConfirmActionDialog
        open={asking}
        onOpenChange={setAsking}
        title="Erase customer data?"
        confirmLabel="Erase"
        onConfirm={onErase}
      >
        Erase this buyer's name and phone from the order? This cannot be undone.
      </ConfirmActionDialog>
    </div>
  );
}
