import { useEffect } from "react";
import type { FetcherWithComponents } from "react-router";
import { toast } from "sonner";

interface ActionData {
  ok: boolean;
  message: string;
}

/** Shows the action's result as the spec's toast once the fetcher settles. */
export function useActionToast(
  fetcher: FetcherWithComponents<ActionData>,
  failureTitle: string,
  onSuccess?: () => void,
) {
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) {
      toast.success(fetcher.data.message);
      onSuccess?.();
    } else {
      toast.error(failureTitle, { description: fetcher.data.message });
    }
    // onSuccess is a fresh closure each render; the data object identifies the result.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data, failureTitle]);
}
