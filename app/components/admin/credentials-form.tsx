import { type FieldMetadata, type FormMetadata, getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form, type FetcherWithComponents, useNavigation } from "react-router";
import { Refusals, TextField } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { type AccountAnswer, fieldMessage, formMessage } from "./account/refusal";

/** The fields this form draws: a refusal that names one is said under it, any other under the form. */
const CREDENTIAL_FIELDS = ["username", "password", "currentPassword", "confirm"] as const;

interface Props<S extends Record<string, unknown>> {
  form: FormMetadata<S, string[]>;
  /** Posts through this fetcher and stays on the page (My Account), answered by its data. */
  fetcher?: FetcherWithComponents<AccountAnswer>;
  /** A page form (sign-in, setup): what its action answered. */
  answer?: AccountAnswer;
  submitLabel: string;
  /** Hidden inputs (intent, token, redirectTo) and one line per field. */
  children: ReactNode;
}

/**
 * The admin's one form for a username and passwords: sign-in, first-run
 * setup, and My Account's username and password cards. Each field shows the
 * schema's error, or the server's refusal that names it ("Current password is
 * incorrect"), under itself; a refusal that names none ("Invalid credentials",
 * "Too many attempts") is said once under the form. A page form posts before
 * React runs.
 */
export function CredentialsForm<S extends Record<string, unknown>>({
  form,
  fetcher,
  answer = fetcher?.data,
  submitLabel,
  children,
}: Props<S>) {
  // Busy while its fetcher works, or while the page form is being sent.
  const submitting = useNavigation().state === "submitting";
  const busy = fetcher ? fetcher.state !== "idle" : submitting;
  const FormElement = fetcher?.Form ?? Form;
  const problem = form.errors?.[0] ?? formMessage(answer, CREDENTIAL_FIELDS);
  return (
    <Refusals value={(name) => fieldMessage(answer, name, undefined)}>
      <FormElement method="post" className={fetcher ? "mt-4 space-y-3" : "space-y-4"} {...getFormProps(form)}>
        {children}
        {problem && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {problem}
          </p>
        )}
        <Button
          type="submit"
          size="md"
          disabled={busy}
          className={cn("w-full disabled:opacity-60", fetcher ? "sm:w-auto" : "py-2.5")}
        >
          {busy && fetcher ? "Saving..." : submitLabel}
        </Button>
      </FormElement>
    </Refusals>
  );
}

/** 16 px text, so a phone does not zoom in as the operator types. */
const PHONE_TEXT = "text-base";

type FieldProps = {
  field: FieldMetadata<string | undefined, Record<string, unknown>, string[]>;
  label: string;
  hint?: string;
};

export function UsernameField(props: FieldProps) {
  return <TextField {...props} autoComplete="username" autoCapitalize="none" className={PHONE_TEXT} />;
}

export function PasswordField(props: FieldProps & { autoComplete: "current-password" | "new-password" }) {
  return <TextField {...props} type="password" className={PHONE_TEXT} />;
}
