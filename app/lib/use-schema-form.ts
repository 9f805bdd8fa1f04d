import "./zod-jitless";
import { useForm } from "@conform-to/react";
import { type SubmissionResult, getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useActionData } from "react-router";
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

/** A page action's refusal as `formFailure` and `formAction` (parse.server.ts) answer it. */
export interface PageRefusal {
  ok: false;
  message: string;
  field?: string | null;
  /** Secrets that were typed, never sent back: to be typed again. */
  retype?: string[];
  result?: SubmissionResult<string[]>;
}

/**
 * The page's own action answer when it refused this form: a form posted as a
 * whole page, before the page's scripts ran, is answered in the page's action
 * data rather than its fetcher's. Of a page's several forms, the answer is
 * this one's when the intent it was sent with is one of `intents`, or else
 * one its schema's `intent` takes.
 */
export function usePageRefusal(schema: z.ZodObject, intents?: readonly string[]): PageRefusal | undefined {
  const answer = useActionData<Partial<PageRefusal>>();
  if (!answer || answer.ok !== false || !answer.result) return undefined;
  const sent = answer.result.initialValue?.intent;
  const ours = intents
    ? typeof sent === "string" && intents.includes(sent)
    : (schema.shape.intent as z.ZodType | undefined)?.safeParse(sent).success;
  return ours ? (answer as PageRefusal) : undefined;
}
