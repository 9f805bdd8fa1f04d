import { useRef } from "react";
import { useFetcher } from "react-router";
import { useActionToast } from "~/components/admin/use-action-toast";

/** Admin Authentication: changing the username or password needs the current password. */
export function CredentialsCard({ username }: { username: string }) {
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  const saving = fetcher.state !== "idle";
  const form = useRef<HTMLFormElement>(null);
  useActionToast(fetcher, {
    failureTitle: "Failed to save settings",
    onSuccess: () =>
      form.current?.querySelectorAll<HTMLInputElement>("input[type=password]").forEach((i) => (i.value = "")),
  });

  return (
    <section aria-labelledby="credentials-title" className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
      <h2 id="credentials-title" className="text-lg font-semibold">
        Admin Authentication
      </h2>
      <p className="mt-1 text-sm text-gray-600">Your sign-in. A new password signs out every other session.</p>
      <fetcher.Form method="post" className="mt-4" ref={form} key={username}>
        <input type="hidden" name="intent" value="credentials" />
        <fieldset disabled={saving} className="space-y-3">
          <div>
            <label htmlFor="cred-username" className="mb-1 block text-sm font-medium">
              Username
            </label>
            <input
              id="cred-username"
              name="username"
              defaultValue={username}
              required
              autoComplete="username"
              className="input"
            />
          </div>
          <div>
            <label htmlFor="cred-new" className="mb-1 block text-sm font-medium">
              New Password (leave empty to keep)
            </label>
            <input
              id="cred-new"
              name="newPassword"
              type="password"
              minLength={10}
              autoComplete="new-password"
              className="input"
            />
          </div>
          <div>
            <label htmlFor="cred-current" className="mb-1 block text-sm font-medium">
              Current Password
            </label>
            <input
              id="cred-current"
              name="currentPassword"
              type="password"
              required
              autoComplete="current-password"
              className="input"
            />
          </div>
          <button
            type="submit"
            className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
          >
            {saving ? "Saving..." : "Save Settings"}
          </button>
        </fieldset>
      </fetcher.Form>
    </section>
  );
}
