import type { FetcherWithComponents } from "react-router";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { useConfirmedAction } from "../use-confirmed-action";

/** On the buyer's request, forget their name and phone; asked once more first, as it cannot be undone. */
export function EraseCustomerData({
  orderId,
  customerName,
  customerPhone,
  fetcher,
}: {
  orderId: string;
  customerName: string | null;
  customerPhone: string | null;
  /** The order page's fetcher: the erase goes through it, and its answer closes the dialog or shows in it. */
  fetcher: Pick<FetcherWithComponents<unknown>, "state" | "submit" | "data">;
}) {
  const confirm = useConfirmedAction(fetcher);
  return (
    <div className="mt-4 border-t border-gray-100 pt-4">
      <p className="mb-2 text-sm text-gray-600">
        On the buyer's request (privacy policy), forget their name and phone.
      </p>
      <Button
        variant="dangerOutline"
        size="sm"
        disabled={fetcher.state !== "idle"}
        onClick={() => confirm.ask("open")}
        className="bg-white py-2 text-red-800"
      >
        Erase customer data
      </Button>
      <ConfirmDialog
        {...confirm.dialog("open")}
        title="Erase customer data?"
        confirmLabel="Erase"
        onConfirm={confirm.confirm(() => void fetcher.submit({ intent: "erase" }, { method: "post" }))}
      >
        <p>
          The buyer's details on order <span className="font-mono">{orderId}</span> will be erased:
        </p>
        {/* What goes, named, so the operator can check it is the buyer who asked. */}
        <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 rounded-lg bg-gray-50 px-3 py-2 text-sm">
          <dt className="text-gray-600">Name</dt>
          <dd className="min-w-0 break-words font-medium text-gray-900">{customerName ?? "None"}</dd>
          <dt className="text-gray-600">Phone</dt>
          <dd className="min-w-0 break-words font-medium text-gray-900">{customerPhone ?? "None"}</dd>
        </dl>
        <p>The order itself, its amount and its history stay. This cannot be undone.</p>
      </ConfirmDialog>
    </div>
  );
}
