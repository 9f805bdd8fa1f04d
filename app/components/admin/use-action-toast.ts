import { useEffect, useEffectEvent, useRef } from "react";
import { toast } from "~/components/ui/toast";
import { PASSWORD_REQUIRED } from "~/domain/auth/recent-password";
import { useAskPasswordAgain } from "./password-again";

/** What every page action answers: app/lib/server/api.server.ts `pageFailure`, parse.server.ts `formFailure`, or a success. */
export interface ActionResult {
  ok: boolean;
  message: string;
  /** A refusal's machine-readable reason (PASSWORD_REQUIRED: the password is asked again first). */
  reason?: string;
}

/** A fetcher as React Router hands it over: what it sent, and how to send it again. */
interface Fetcher {
  state: string;
  data?: ActionResult | undefined;
  formData?: FormData | undefined;
  formAction?: string | undefined;
  submit?: (target: FormData, options: { method: "post"; action?: string }) => Promise<void>;
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
export function useActionToast(fetcher: Fetcher, { failureTitle, onSuccess }: Options = {}) {
  // The callback is a fresh closure each render; only the latest one matters when the result arrives.
  const succeeded = useEffectEvent(() => onSuccess?.());
  // What was sent last, to send it again once the password is confirmed.
  const sent = useRef<{ data: FormData; action: string | undefined } | null>(null);
  useEffect(() => {
    if (fetcher.formData) sent.current = { data: fetcher.formData, action: fetcher.formAction };
  }, [fetcher.formData, fetcher.formAction]);
  const askPassword = useAskPasswordAgain();
  const passwordNeeded = useEffectEvent(() => {
    const again = sent.current;
    if (!askPassword || !again || !fetcher.submit) return false;
    const submit = fetcher.submit;
    askPassword(() => void submit(again.data, { method: "post", action: again.action }));
    return true;
  });
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (!fetcher.data.ok && fetcher.data.reason === PASSWORD_REQUIRED && passwordNeeded()) return;
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
