import type { ReactNode, RefObject } from "react";
import { useFormAction } from "react-router";
import { useFieldErrors } from "~/components/admin/use-field-errors";
import { Refusals } from "~/components/forms";
import { FieldError } from "~/components/ui/field";
import type { PageRefusal } from "~/lib/use-schema-form";

/** Said under a secret field that was typed into a form refused as a whole page: a secret is never sent back. */
export const RETYPE_SECRET = "Type it again: a password or key is never sent back to the page";

/** A page form's answer: its fetcher's, or the page's own for a form posted as a whole page (`usePageRefusal`). */
export type PageFormAnswer = { ok: boolean; message: string } & Partial<Omit<PageRefusal, "ok" | "message">>;

/**
 * Where an admin page form posts before the page's scripts ran: this page,
 * with the form's id as the fragment, so the answer opens where the form is.
 */
export function usePageFormAction(formId: string): string {
  return `${useFormAction()}#${formId}`;
}

/**
 * The fields of an admin page form (a Settings card's, a record dialog's)
 * with the server's refusal under the field it names, which gets the focus;
 * answered to a whole-page post (`byPage`), a secret that was typed is asked
 * for again and a refusal naming no field is said under the form (issue 45).
 */
export function PageFormRefusals({
  state,
  answer,
  byPage,
  form,
  children,
}: {
  state: string;
  answer: PageFormAnswer | undefined;
  byPage: boolean;
  form: RefObject<HTMLFormElement | null>;
  children: ReactNode;
}) {
  const refused = useFieldErrors({ state, data: answer }, form);
  const retype = byPage ? (answer?.retype ?? []) : [];
  const unplaced = byPage && answer && !answer.ok && !answer.field ? answer.message : null;
  return (
    <>
      <Refusals value={(name) => refused(name) ?? (retype.includes(name) ? RETYPE_SECRET : undefined)}>
        {children}
      </Refusals>
      {unplaced && <FieldError>{unplaced}</FieldError>}
    </>
  );
}
