import { type RefObject, useEffect } from "react";

/** A page action's refusal that names the form field to fix (app/lib/server/api.server.ts `pageFailure`). */
interface FieldAnswer {
  ok: boolean;
  message: string;
  field?: string | null;
}

/** The refusal's message for the field it names, once the fetcher has settled; nothing for any other field. */
export function fieldRefusal(fetcher: { state: string; data?: unknown }): (name: string) => string | undefined {
  const answer = fetcher.state === "idle" ? (fetcher.data as FieldAnswer | undefined) : undefined;
  const field = answer && !answer.ok && typeof answer.field === "string" ? answer.field : null;
  return (name) => (field === name ? answer!.message : undefined);
}

/**
 * A settings form's refusal at the field it is about, not only in the toast:
 * answers the message for a field name (for its Field's `error`), and moves
 * focus to that field once the answer arrives, so the operator fixes it there.
 */
export function useFieldErrors(
  fetcher: { state: string; data?: unknown },
  form: RefObject<HTMLFormElement | null>,
): (name: string) => string | undefined {
  const answer = fetcher.state === "idle" ? (fetcher.data as FieldAnswer | undefined) : undefined;
  const field = answer && !answer.ok && typeof answer.field === "string" ? answer.field : null;
  useEffect(() => {
    if (!field) return;
    const control = form.current?.querySelector<HTMLElement>(`[name="${CSS.escape(field)}"]:not([type=hidden])`);
    control?.focus();
  }, [answer, field, form]);
  return (name) => (field === name ? answer!.message : undefined);
}
