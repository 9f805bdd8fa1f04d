import { type FormMetadata, getFormProps } from "@conform-to/react";
import type { SubmissionResult } from "@conform-to/zod/v4";
import { type ReactNode, useRef } from "react";
import { type FetcherWithComponents, useFetcher } from "react-router";
import type { z } from "zod";
import { type ActionResult, useActionToast } from "~/components/admin/use-action-toast";
import { useFieldErrors } from "~/components/admin/use-field-errors";
import { Refusals } from "~/components/forms";
import { useSchemaForm } from "~/lib/use-schema-form";

type Answer = ActionResult & { field?: string | null; result?: SubmissionResult<string[]> };

/**
 * One form of a Settings card, checked in the browser with the schema the
 * Settings action reads (conform), posted through its own fetcher so the page
 * stays put, and answered by a toast: the action's message on success, under
 * `failureTitle` on a refusal, with the field it names showing it too.
 */
export function useSettingsForm<S extends z.ZodObject>(
  schema: S,
  {
    id,
    defaultValue,
    failureTitle,
    onSuccess,
  }: { id: string; defaultValue?: Partial<z.input<S>>; failureTitle: string; onSuccess?: () => void },
) {
  const fetcher = useFetcher<Answer>();
  useActionToast(fetcher, { failureTitle, onSuccess });
  const { form, fields } = useSchemaForm(schema, {
    id,
    actionData:
      fetcher.data?.ok === false
        ? { ok: false, message: fetcher.data.message, result: fetcher.data.result }
        : undefined,
    defaultValue,
  });
  return { fetcher, form, fields, busy: fetcher.state !== "idle" };
}

/** The form element of `useSettingsForm`: its intent, and the server's refusals under the fields they name. */
export function SettingsForm<S extends Record<string, unknown>>({
  settings,
  intent,
  className,
  autoComplete,
  children,
}: {
  settings: { fetcher: FetcherWithComponents<Answer>; form: FormMetadata<S, string[]> };
  /** The form's one intent; without it, each submit button names its own (`name="intent"`). */
  intent?: string;
  className?: string;
  autoComplete?: "off";
  children: ReactNode;
}) {
  const { fetcher, form } = settings;
  const ref = useRef<HTMLFormElement>(null);
  const refused = useFieldErrors(fetcher, ref);
  return (
    <fetcher.Form method="post" ref={ref} className={className} autoComplete={autoComplete} {...getFormProps(form)}>
      {intent && <input type="hidden" name="intent" value={intent} />}
      <Refusals value={refused}>{children}</Refusals>
    </fetcher.Form>
  );
}
