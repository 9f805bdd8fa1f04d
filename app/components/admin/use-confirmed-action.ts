import { useEffect, useEffectEvent, useRef, useState } from "react";
import { PASSWORD_REQUIRED } from "~/domain/auth/recent-password";
import type { ActionResult } from "./use-action-toast";

/** A fetcher as React Router hands it over: whether it runs, and what the action answered. */
interface Answering {
  state: string;
  data?: unknown;
}

/**
 * Which "are you sure?" (`ConfirmDialog`) is open, tied to the fetcher that
 * sends its action: the dialog stays open while the action runs, closes once
 * it answers with success, and says the refusal inside itself when it fails,
 * so a failed action never looks done. Only the answer to what this dialog
 * sent counts (one fetcher may serve the page's other buttons too). A refusal
 * asking for the password again is left to `useActionToast`, which asks and
 * sends again; the dialog waits for that answer.
 */
export function useConfirmedAction<K extends string = "open">(fetcher: Answering) {
  const [asking, setAsking] = useState<K | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  // "sent": the confirm was clicked, the fetcher has not started yet; "running": it has.
  const phase = useRef<"none" | "sent" | "running">("none");
  const working = fetcher.state !== "idle";
  const answered = useEffectEvent((answer: ActionResult | undefined) => {
    if (answer?.ok === false && answer.reason === PASSWORD_REQUIRED) {
      phase.current = "sent";
      return;
    }
    phase.current = "none";
    if (answer?.ok) setAsking(null);
    else setRefusal(answer?.message ?? "No answer from the shop: nothing was changed. Try again.");
  });
  useEffect(() => {
    if (working) {
      if (phase.current === "sent") phase.current = "running";
    } else if (phase.current === "running") answered(fetcher.data as ActionResult | undefined);
  }, [working, fetcher.data]);

  return {
    asking,
    ask: (which: K) => {
      setRefusal(null);
      setAsking(which);
    },
    /** The props of the `ConfirmDialog` asking `which`. */
    dialog: (which: K) => ({
      open: asking === which,
      working: asking === which && working,
      error: asking === which ? refusal : null,
      onCancel: () => {
        phase.current = "none";
        setAsking(null);
      },
    }),
    /** Wraps the dialog's `onConfirm`: what it sends is watched for the answer. */
    confirm: (send: () => void) => () => {
      setRefusal(null);
      phase.current = "sent";
      send();
    },
  };
}
