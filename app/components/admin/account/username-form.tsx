import { getInputProps } from "@conform-to/react";
import { USERNAME_RULE, accountUsernameSchema } from "~/domain/auth/rules";
import { CredentialsForm, PasswordField, UsernameField } from "../credentials-form";
import { SectionCard } from "~/components/ui/card";
import { useAccountForm } from "./account-form";

/** Renames the operator's sign-in; the current password proves it is them. */
export function UsernameForm({ username }: { username: string }) {
  const { fetcher, answer, form, fields } = useAccountForm(accountUsernameSchema, "account-username", {
    intent: "username",
    username,
  });
  return (
    <SectionCard id="username-card" title="Username" description="What you type to sign in.">
      <CredentialsForm form={form} fetcher={fetcher} answer={answer} submitLabel="Change username">
        <input {...getInputProps(fields.intent, { type: "hidden" })} />
        <UsernameField field={fields.username} label="New username" hint={USERNAME_RULE} />
        <PasswordField field={fields.currentPassword} label="Current password" autoComplete="current-password" />
      </CredentialsForm>
    </SectionCard>
  );
}
