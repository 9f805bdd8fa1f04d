import { getInputProps } from "@conform-to/react";
import { PASSWORD_RULE, accountPasswordSchema } from "~/domain/auth/rules";
import { CredentialsForm, PasswordField } from "../credentials-form";
import { SectionCard } from "~/components/ui/card";
import { useAccountForm } from "./account-form";

/** A new password for the operator; every other session of theirs is signed out by it. */
export function PasswordForm() {
  const { fetcher, answer, form, fields } = useAccountForm(accountPasswordSchema, "account-password", {
    intent: "password",
  });
  return (
    <SectionCard
      id="password-card"
      title="Password"
      description="A new password signs out every other session of yours."
    >
      <CredentialsForm form={form} fetcher={fetcher} answer={answer} submitLabel="Change password">
        <input {...getInputProps(fields.intent, { type: "hidden" })} />
        <PasswordField field={fields.currentPassword} label="Current password" autoComplete="current-password" />
        <PasswordField field={fields.password} label="New password" hint={PASSWORD_RULE} autoComplete="new-password" />
        <PasswordField field={fields.confirm} label="Confirm new password" autoComplete="new-password" />
      </CredentialsForm>
    </SectionCard>
  );
}
