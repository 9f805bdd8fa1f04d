import { useEffect, useEffectEvent } from "react";
import { toast } from "~/components/ui/toast";

/** What every page action answers: app/lib/api.server.ts `pageFailure`, parse.server.ts `formFailure`, or a success. */
export interface ActionResult {
  ok: boolean;
  message: string;
}

interface Options {
  /** Shown as the toast's title on a failure, the action's message under it; without it the message is the title. */
  failureTitle?: string;
  onSuccess?: () => void;
}

/**
 * The one "toast when the fetcher settles" of the admin: a success toast with
 * the action's message, or an error toast (under `failureTitle` when given).
 */
export function useActionToast(
  fetcher: { state: string; data?: ActionResult | undefined },
  { failureTitle, onSuccess }: Options = {},
) {
  // The callback is a fresh closure each render; only the latest one matters when the result arrives.
  const succeeded = useEffectEvent(() => onSuccess?.());
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) {
      toast.success(fetcher.data.message);
      succeeded();
    } else if (failureTitle) {
      toast.error(failureTitle, { description: fetcher.data.message });
    } else {
      toast.error(fetcher.data.message);
    }
  }, [fetcher.state, fetcher.data, failureTitle]);
}
