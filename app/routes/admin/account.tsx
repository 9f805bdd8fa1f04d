import type { Route } from "./+types/account";
import { PasswordForm } from "~/components/admin/account/password-form";
import { UsernameForm } from "~/components/admin/account/username-form";
import { servicesContext } from "~/context";
import { changeAccount, forgetRememberedDevice } from "~/domain/auth/account.server";
import { clearSessionCookie, markPasswordEntered, rememberedDevices } from "~/domain/auth/session.server";
import { RememberedDevices } from "~/components/admin/account/remembered-devices";
import { findAdminUser } from "~/domain/auth/admin-users.repository.server";
import { requireAdmin } from "~/domain/auth/guard.server";
import { accountActionSchema } from "~/domain/auth/rules";
import { adminTitle } from "~/routes/admin/title";
import { pageAction } from "~/lib/server/api.server";
import { formAction, formFailure, parseForm } from "~/lib/server/parse.server";
import { requestClient } from "~/routes/request-client.server";
import { withRetryAfter } from "~/lib/server/retry-after";
import { redirectWithToast } from "~/lib/server/toast.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminTitle(matches, "My Account") }];

export async function loader({ context }: Route.LoaderArgs) {
  const admin = requireAdmin(context);
  const { db } = context.get(servicesContext);
  const [user, devices] = await Promise.all([
    findAdminUser(db, admin.adminUserId),
    rememberedDevices(db, admin.adminUserId, admin.id),
  ]);
  return { username: admin.username, changedAt: user?.updated_at ?? 0, devices };
}

/** Passes on the action's Retry-After when it refuses an attempt with 429. */
export const headers: Route.HeadersFunction = withRetryAfter;

const SECRET_FIELDS = ["currentPassword", "password", "confirm"];

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context);
  const submission = await parseForm(request, accountActionSchema);
  if (submission.status !== "success") {
    return formFailure(submission, { hideFields: SECRET_FIELDS });
  }
  const change = submission.value;
  if (change.intent === "forget-device") {
    return pageAction(async () => {
      const { db } = context.get(servicesContext);
      const actor = { adminUserId: admin.adminUserId, sessionId: admin.id, username: admin.username };
      const { current } = await forgetRememberedDevice(db, actor, change.device, requestClient(request));
      // Forgetting this very device signs it out: on to the sign-in page, as a sign-out does.
      if (current) {
        throw redirectWithToast(request, "/admin/login", "device-forgotten", {
          headers: { "Set-Cookie": clearSessionCookie(request) },
        });
      }
      throw redirectWithToast(request, "/admin/account", "device-forgotten");
    });
  }
  // A refusal (a wrong current password, a taken username) keeps what was typed, passwords aside (issue 45).
  return formAction(
    submission,
    async () => {
      const { db, config } = context.get(servicesContext);
      await changeAccount(
        db,
        {
          adminUserId: admin.adminUserId,
          sessionId: admin.id,
          username: admin.username,
          sessionTtlSeconds: config.ADMIN_SESSION_TTL_SECONDS,
        },
        change,
        requestClient(request),
      );
      await markPasswordEntered(db, admin.id);
      // This page again, with the forms emptied; the toast travels with the redirect.
      throw redirectWithToast(
        request,
        "/admin/account",
        change.intent === "username" ? "username-changed" : "password-changed",
      );
    },
    { hideFields: SECRET_FIELDS },
  );
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
      <RememberedDevices devices={loaderData.devices} />
    </div>
  );
}
