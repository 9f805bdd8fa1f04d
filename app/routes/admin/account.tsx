import type { Route } from "./+types/account";
import { PasswordForm } from "~/components/admin/account/password-form";
import { UsernameForm } from "~/components/admin/account/username-form";
import { servicesContext } from "~/context";
import { changeAccount } from "~/domain/auth/account.server";
import { findAdminUser } from "~/domain/auth/admin-users.repository.server";
import { requireAdmin } from "~/domain/auth/guard.server";
import { accountActionSchema } from "~/domain/auth/rules";
import { adminTitle } from "~/lib/admin-title";
import { pageAction } from "~/lib/api.server";
import { formFailure, parseForm } from "~/lib/parse.server";
import { requestClient } from "~/lib/request-client.server";
import { withRetryAfter } from "~/lib/retry-after";
import { redirectWithToast } from "~/lib/toast.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminTitle(matches, "My Account") }];

export async function loader({ context }: Route.LoaderArgs) {
  const admin = requireAdmin(context);
  const user = await findAdminUser(context.get(servicesContext).db, admin.adminUserId);
  return { username: admin.username, changedAt: user?.updated_at ?? 0 };
}

/** Passes on the action's Retry-After when it refuses an attempt with 429. */
export const headers: Route.HeadersFunction = withRetryAfter;

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context);
  const submission = await parseForm(request, accountActionSchema);
  if (submission.status !== "success") {
    return formFailure(submission, { hideFields: ["currentPassword", "password", "confirm"] });
  }
  const change = submission.value;
  return pageAction(async () => {
    await changeAccount(
      context.get(servicesContext).db,
      { adminUserId: admin.adminUserId, sessionId: admin.id, username: admin.username },
      change,
      requestClient(request),
    );
    // This page again, with the forms emptied; the toast travels with the redirect.
    throw redirectWithToast(
      request,
      "/admin/account",
      change.intent === "username" ? "username-changed" : "password-changed",
    );
  });
}

export default function AccountPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold">My Account</h1>
        <p className="mt-1 text-sm text-gray-600">
          Signed in as <span className="font-medium break-all text-gray-900">{loaderData.username}</span>
        </p>
      </div>
      {/* Keyed on the account's last change, so a saved form comes back empty. */}
      <UsernameForm key={`u${loaderData.changedAt}`} username={loaderData.username} />
      <PasswordForm key={`p${loaderData.changedAt}`} />
    </div>
  );
}
