import "./zod-jitless";
import { useForm } from "@conform-to/react";
import { type SubmissionResult, getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

/** What a page action answers when it reads its form with parse.server.ts: a success, or a refusal (with conform's reply when the form itself was invalid). */
type ActionAnswer = { ok: true } | { ok: false; message: string; result?: SubmissionResult<string[]> };

/**
 * A page form checked in the browser with the schema its action reads on the
 * server (conform's `useForm` + `parseWithZod`, as Epic Stack's forms do).
 * `problem` is the one message to show: the form's first error, else the
 * first field's, else the action's refusal.
 */
export function useSchemaForm<S extends z.ZodObject>(
  schema: S,
  {
    id,
    actionData,
    defaultValue,
    onValid,
  }: {
    id: string;
    actionData?: ActionAnswer;
    defaultValue?: Partial<z.input<S>>;
    /** Takes over a valid submission (a dialog that hands its form to the page); without it the form posts itself. */
    onValid?: (formData: FormData) => void;
  },
) {
  const [form, fields] = useForm<z.input<S>, z.output<S>>({
    id,
    lastResult: actionData && !actionData.ok ? actionData.result : undefined,
    constraint: getZodConstraint(schema),
    defaultValue: defaultValue as never,
    // Checked first on submit; from then on each field is checked again as it is typed in, so an error
    // goes as soon as it is put right rather than staying until the next submit.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    onSubmit: onValid
      ? (event, { formData }) => {
          event.preventDefault();
          onValid(formData);
        }
      : undefined,
  });
  const fieldProblem = Object.keys(schema.shape)
    .map((name) => fields[name as keyof typeof fields]?.errors?.[0])
    .find(Boolean);
  const refusal = actionData && !actionData.ok ? actionData.message : null;
  const problem: string | null = form.errors?.[0] ?? fieldProblem ?? refusal;
  return { form, fields, problem };
}
