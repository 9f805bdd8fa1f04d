import { getFormProps, getInputProps } from "@conform-to/react";
import type { SubmissionResult } from "@conform-to/zod/v4";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { USERNAME_RULE, accountUsernameSchema } from "~/domain/auth/rules";
import { useSchemaForm } from "~/lib/use-schema-form";
import { type AccountAnswer, fieldMessage, formMessage } from "./refusal";

type Answer = AccountAnswer & { result?: SubmissionResult<string[]> };

/** Renames the operator's sign-in; the current password proves it is them. */
export function UsernameForm({ username }: { username: string }) {
  const fetcher = useFetcher<Answer>({ key: "account-username" });
  const busy = fetcher.state !== "idle";
  const { form, fields } = useSchemaForm(accountUsernameSchema, {
    id: "account-username",
    actionData: fetcher.data,
    defaultValue: { intent: "username", username },
  });
  const problem = formMessage(fetcher.data, ["username", "currentPassword"]);
  return (
    <Card asChild radius="lg">
      <section aria-labelledby="account-username-title">
        <h2 id="account-username-title" className="text-lg font-semibold">
          Username
        </h2>
        <p className="mt-1 text-sm text-gray-600">What you type to sign in.</p>
        <fetcher.Form method="post" className="mt-4 space-y-3" {...getFormProps(form)}>
          <input {...getInputProps(fields.intent, { type: "hidden" })} />
          <Field
            id={fields.username.id}
            label="New username"
            hint={USERNAME_RULE}
            error={fieldMessage(fetcher.data, "username", fields.username.errors)}
            size="sm"
          >
            {(control) => (
              <Input
                {...getInputProps(fields.username, { type: "text" })}
                {...control}
                autoComplete="username"
                autoCapitalize="none"
                size="sm"
                className="text-base"
              />
            )}
          </Field>
          <Field
            id={fields.currentPassword.id}
            label="Current password"
            error={fieldMessage(fetcher.data, "currentPassword", fields.currentPassword.errors)}
            size="sm"
          >
            {(control) => (
              <Input
                {...getInputProps(fields.currentPassword, { type: "password" })}
                {...control}
                autoComplete="current-password"
                size="sm"
                className="text-base"
              />
            )}
          </Field>
          {problem && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {problem}
            </p>
          )}
          <Button type="submit" size="md" disabled={busy} className="w-full disabled:opacity-60 sm:w-auto">
            {busy ? "Saving..." : "Change username"}
          </Button>
        </fetcher.Form>
      </section>
    </Card>
  );
}
