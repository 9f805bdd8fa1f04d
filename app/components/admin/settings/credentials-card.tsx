import { credentialsActionSchemas } from "~/domain/auth/credentials-form";
import { PasswordField, UsernameField } from "~/components/admin/credentials-form";
import { Button } from "~/components/ui/button";
import { SectionCard } from "~/components/ui/card";
import { SettingsForm, useSettingsForm } from "./settings-form";

/** The form the Settings action reads for "credentials" (app/domain/auth/credentials-form.ts). */
const [credentialsForm] = credentialsActionSchemas;

/** Admin Authentication: changing the username or password needs the current password. */
export function CredentialsCard({ username }: { username: string }) {
  // A new username starts the form again from it.
  return <CredentialsSettings key={username} username={username} />;
}

function CredentialsSettings({ username }: { username: string }) {
  const settings = useSettingsForm(credentialsForm, {
    id: "credentials",
    failureTitle: "Failed to save settings",
    defaultValue: { username },
    // The passwords are not kept on the page once saved.
    onSuccess: () => {
      settings.form.update({ name: settings.fields.newPassword.name, value: "" });
      settings.form.update({ name: settings.fields.currentPassword.name, value: "" });
    },
  });
  const { fields, busy } = settings;
  return (
    <SectionCard
      id="credentials-settings"
      title="Admin Authentication"
      className="scroll-mt-20"
      description="Your sign-in. A new password signs out every other session."
    >
      <SettingsForm settings={settings} intent="credentials" className="mt-4">
        <fieldset disabled={busy} className="min-w-0 space-y-3">
          <UsernameField field={fields.username} label="Username" />
          <PasswordField
            field={fields.newPassword}
            label="New Password (leave empty to keep)"
            autoComplete="new-password"
          />
          <PasswordField field={fields.currentPassword} label="Current Password" autoComplete="current-password" />
          <Button type="submit" size="md" className="disabled:opacity-60">
            {busy ? "Saving..." : "Save Settings"}
          </Button>
        </fieldset>
      </SettingsForm>
    </SectionCard>
  );
}
