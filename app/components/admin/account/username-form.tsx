import { getInputProps } from "@conform-to/react";
import type { SubmissionResult } from "@conform-to/zod/v4";
import { useFetcher } from "react-router";
import { Card } from "~/components/ui/card";
import { USERNAME_RULE, accountUsernameSchema } from "~/domain/auth/rules";
import { useSchemaForm } from "~/lib/use-schema-form";
import { CredentialsForm, PasswordField, UsernameField } from "../credentials-form";
import type { AccountAnswer } from "./refusal";

type Answer = AccountAnswer & { result?: SubmissionResult<string[]> };

/** Renames the operator's sign-in; the current password proves it is them. */
export function UsernameForm({ username }: { username: string }) {
  const fetcher = useFetcher<Answer>({ key: "account-username" });
  const { form, fields } = useSchemaForm(accountUsernameSchema, {
    id: "account-username",
    actionData: fetcher.data,
    defaultValue: { intent: "username", username },
  });
  return (
    <Card asChild radius="lg">
      <section aria-labelledby="account-username-title">
        <h2 id="account-username-title" className="text-lg font-semibold">
          Username
        </h2>
        <p className="mt-1 text-sm text-gray-600">What you type to sign in.</p>
        <CredentialsForm
          form={form}
          answer={fetcher.data}
          fetcher={fetcher}
          busy={fetcher.state !== "idle"}
          submitLabel="Change username"
        >
          <input {...getInputProps(fields.intent, { type: "hidden" })} />
          <UsernameField field={fields.username} label="New username" hint={USERNAME_RULE} />
          <PasswordField field={fields.currentPassword} label="Current password" autoComplete="current-password" />
        </CredentialsForm>
      </section>
    </Card>
  );
}
