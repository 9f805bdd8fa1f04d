import type { SubmissionResult } from "@conform-to/zod/v4";
import { useFetcher } from "react-router";
import type { z } from "zod";
import { usePageRefusal, useSchemaForm } from "~/lib/use-schema-form";
import type { AccountAnswer } from "./refusal";

type Answer = AccountAnswer & { result?: SubmissionResult<string[]> };

/**
 * One of My Account's forms: checked with the schema My Account's action
 * reads, sent through its own fetcher; posted as a whole page before the
 * page's scripts ran, answered by the page (`usePageRefusal`), what was typed kept.
 */
export function useAccountForm<S extends z.ZodObject>(schema: S, id: string, defaultValue: Partial<z.input<S>>) {
  const fetcher = useFetcher<Answer>({ key: id });
  const page = usePageRefusal(schema);
  const answer: Answer | undefined = fetcher.data ?? page;
  const { form, fields } = useSchemaForm(schema, { id, actionData: answer, defaultValue });
  return { fetcher, answer, form, fields };
}
