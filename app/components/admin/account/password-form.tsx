import { getInputProps } from "@conform-to/react";
import type { SubmissionResult } from "@conform-to/zod/v4";
import { useFetcher } from "react-router";
import { Card } from "~/components/ui/card";
import { PASSWORD_RULE, accountPasswordSchema } from "~/domain/auth/rules";
import { useSchemaForm } from "~/lib/use-schema-form";
import { CredentialsForm, PasswordField } from "../credentials-form";
import type { AccountAnswer } from "./refusal";

type Answer = AccountAnswer & { result?: SubmissionResult<string[]> };

/** A new password for the operator; every other session of theirs is signed out by it. */
export function PasswordForm() {
  const fetcher = useFetcher<Answer>({ key: "account-password" });
  const { form, fields } = useSchemaForm(accountPasswordSchema, {
    id: "account-password",
    actionData: fetcher.data,
    defaultValue: { intent: "password" },
  });
  return (
    <Card asChild radius="lg">
      <section aria-labelledby="account-password-title">
        <h2 id="account-password-title" className="text-lg font-semibold">
          Password
        </h2>
        <p className="mt-1 text-sm text-gray-600">A new password signs out every other session of yours.</p>
        <CredentialsForm
          form={form}
          answer={fetcher.data}
          fetcher={fetcher}
          busy={fetcher.state !== "idle"}
          submitLabel="Change password"
        >
          <input {...getInputProps(fields.intent, { type: "hidden" })} />
          <PasswordField field={fields.currentPassword} label="Current password" autoComplete="current-password" />
          <PasswordField
            field={fields.password}
            label="New password"
            hint={PASSWORD_RULE}
            autoComplete="new-password"
          />
          <PasswordField field={fields.confirm} label="Confirm new password" autoComplete="new-password" />
        </CredentialsForm>
      </section>
    </Card>
  );
}
