import { useRef } from "react";
import { useFetcher } from "react-router";
import { useActionToast } from "~/components/admin/use-action-toast";
import { useFieldErrors } from "~/components/admin/use-field-errors";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";

/** Admin Authentication: changing the username or password needs the current password. */
export function CredentialsCard({ username }: { username: string }) {
  const fetcher = useFetcher<{ ok: boolean; message: string; field?: string | null }>();
  const saving = fetcher.state !== "idle";
  const form = useRef<HTMLFormElement>(null);
  useActionToast(fetcher, {
    failureTitle: "Failed to save settings",
    onSuccess: () =>
      form.current?.querySelectorAll<HTMLInputElement>("input[type=password]").forEach((i) => (i.value = "")),
  });
  const errorFor = useFieldErrors(fetcher, form);

  return (
    <Card asChild radius="lg">
      <section id="credentials-settings" aria-labelledby="credentials-title" className="scroll-mt-20">
        <h2 id="credentials-title" className="text-lg font-semibold">
          Admin Authentication
        </h2>
        <p className="mt-1 text-sm text-gray-600">Your sign-in. A new password signs out every other session.</p>
        <fetcher.Form method="post" className="mt-4" ref={form} key={username}>
          <input type="hidden" name="intent" value="credentials" />
          <fieldset disabled={saving} className="space-y-3">
            <Field id="cred-username" error={errorFor("username")} label="Username" size="sm">
              {(control) => (
                <Input
                  {...control}
                  size="sm"
                  name="username"
                  defaultValue={username}
                  required
                  autoComplete="username"
                />
              )}
            </Field>
            <Field id="cred-new" error={errorFor("newPassword")} label="New Password (leave empty to keep)" size="sm">
              {(control) => (
                <Input
                  {...control}
                  size="sm"
                  name="newPassword"
                  type="password"
                  minLength={10}
                  autoComplete="new-password"
                />
              )}
            </Field>
            <Field id="cred-current" error={errorFor("currentPassword")} label="Current Password" size="sm">
              {(control) => (
                <Input
                  {...control}
                  size="sm"
                  name="currentPassword"
                  type="password"
                  required
                  autoComplete="current-password"
                />
              )}
            </Field>
            <Button type="submit" size="md" className="disabled:opacity-60">
              {saving ? "Saving..." : "Save Settings"}
            </Button>
          </fieldset>
        </fetcher.Form>
      </section>
    </Card>
  );
}
