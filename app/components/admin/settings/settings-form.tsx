import { type FormMetadata, getFormProps } from "@conform-to/react";
import { type ReactNode, useRef } from "react";
import { type FetcherWithComponents, useFetcher } from "react-router";
import type { z } from "zod";
import { type ActionResult, useActionToast } from "~/components/admin/use-action-toast";
import { PageFormRefusals, usePageFormAction } from "~/components/admin/page-form";
import { type PageRefusal, usePageRefusal, useSchemaForm } from "~/lib/use-schema-form";

type Answer = ActionResult & Partial<Omit<PageRefusal, "ok" | "message">>;

/**
 * One form of a Settings card, checked in the browser with the schema the
 * Settings action reads (conform), posted through its own fetcher so the page
 * stays put, and answered by a toast: the action's message on success, under
 * `failureTitle` on a refusal, with the field it names showing it too. Posted
 * before the page's scripts ran, it goes as a whole page: the page's answer
 * (`usePageRefusal`, matched by `intents` or the schema's intent) draws it
 * again with what was typed and the refusal under its field (issue 45).
 */
export function useSettingsForm<S extends z.ZodObject>(
  schema: S,
  {
    id,
    intents,
    defaultValue,
    failureTitle,
    onSuccess,
  }: {
    id: string;
    /** The intents its buttons send, when its schema has no `intent` of its own. */
    intents?: readonly string[];
    defaultValue?: Partial<z.input<S>>;
    failureTitle: string;
    onSuccess?: () => void;
  },
) {
  const fetcher = useFetcher<Answer>();
  useActionToast(fetcher, { failureTitle, onSuccess });
  const page = usePageRefusal(schema, intents);
  const answer: Answer | undefined = fetcher.data ?? page;
  const { form, fields } = useSchemaForm(schema, {
    id,
    actionData: answer?.ok === false ? { ok: false, message: answer.message, result: answer.result } : undefined,
    defaultValue,
  });
  return { fetcher, answer, byPage: !fetcher.data && page !== undefined, form, fields, busy: fetcher.state !== "idle" };
}

/**
 * The form element of `useSettingsForm`: its intent, and the server's refusals
 * under the fields they name. Without scripts it posts to this page with the
 * form's id as the fragment, so the answer opens where the form is.
 */
export function SettingsForm<S extends Record<string, unknown>>({
  settings,
  intent,
  className,
  autoComplete,
  children,
}: {
  settings: {
    fetcher: FetcherWithComponents<Answer>;
    answer: Answer | undefined;
    byPage: boolean;
    form: FormMetadata<S, string[]>;
  };
  /** The form's one intent; without it, each submit button names its own (`name="intent"`). */
  intent?: string;
  className?: string;
  autoComplete?: "off";
  children: ReactNode;
}) {
  const { fetcher, answer, byPage, form } = settings;
  const ref = useRef<HTMLFormElement>(null);
  const action = usePageFormAction(form.id);
  return (
    <fetcher.Form
      method="post"
      ref={ref}
      action={action}
      className={className}
      autoComplete={autoComplete}
      {...getFormProps(form)}
    >
      {intent && <input type="hidden" name="intent" value={intent} />}
      <PageFormRefusals state={fetcher.state} answer={answer} byPage={byPage} form={ref}>
        {children}
      </PageFormRefusals>
    </fetcher.Form>
  );
}
