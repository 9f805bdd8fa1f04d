import { getFormProps, getInputProps } from "@conform-to/react";
import type { SubmissionResult } from "@conform-to/zod/v4";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { PASSWORD_RULE, accountPasswordSchema } from "~/domain/auth/rules";
import { useSchemaForm } from "~/lib/use-schema-form";
import { type AccountAnswer, fieldMessage, formMessage } from "./refusal";

type Answer = AccountAnswer & { result?: SubmissionResult<string[]> };

const FIELDS = ["currentPassword", "password", "confirm"];

/** A new password for the operator; every other session of theirs is signed out by it. */
export function PasswordForm() {
  const fetcher = useFetcher<Answer>({ key: "account-password" });
  const busy = fetcher.state !== "idle";
  const { form, fields } = useSchemaForm(accountPasswordSchema, {
    id: "account-password",
    actionData: fetcher.data,
    defaultValue: { intent: "password" },
  });
  const problem = formMessage(fetcher.data, FIELDS);
  const passwordInput = (field: (typeof fields)["password"], autoComplete: string) =>
    function PasswordInput(control: { id: string; "aria-invalid": boolean; "aria-describedby": string | undefined }) {
      return (
        <Input
          {...getInputProps(field, { type: "password" })}
          {...control}
          autoComplete={autoComplete}
          size="sm"
          className="text-base"
        />
      );
    };
  return (
    <Card asChild radius="lg">
      <section aria-labelledby="account-password-title">
        <h2 id="account-password-title" className="text-lg font-semibold">
          Password
        </h2>
        <p className="mt-1 text-sm text-gray-600">A new password signs out every other session of yours.</p>
        <fetcher.Form method="post" className="mt-4 space-y-3" {...getFormProps(form)}>
          <input {...getInputProps(fields.intent, { type: "hidden" })} />
          <Field
            id={fields.currentPassword.id}
            label="Current password"
            error={fieldMessage(fetcher.data, "currentPassword", fields.currentPassword.errors)}
            size="sm"
          >
            {passwordInput(fields.currentPassword, "current-password")}
          </Field>
          <Field
            id={fields.password.id}
            label="New password"
            hint={PASSWORD_RULE}
            error={fieldMessage(fetcher.data, "password", fields.password.errors)}
            size="sm"
          >
            {passwordInput(fields.password, "new-password")}
          </Field>
          <Field
            id={fields.confirm.id}
            label="Confirm new password"
            error={fieldMessage(fetcher.data, "confirm", fields.confirm.errors)}
            size="sm"
          >
            {passwordInput(fields.confirm, "new-password")}
          </Field>
          {problem && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {problem}
            </p>
          )}
          <Button type="submit" size="md" disabled={busy} className="w-full disabled:opacity-60 sm:w-auto">
            {busy ? "Saving..." : "Change password"}
          </Button>
        </fetcher.Form>
      </section>
    </Card>
  );
}
