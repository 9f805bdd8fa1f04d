import { getInputProps } from "@conform-to/react";
import { useEffect } from "react";
import { Link, redirect, useRouteLoaderData } from "react-router";
import { toast } from "~/components/ui/toast";
import type { Route } from "./+types/login";
import type { loader as boundaryLoader } from "./boundary";
import { servicesContext } from "~/context";
import { readAdminSession } from "~/domain/auth/guard.server";
import { login } from "~/domain/auth/login.server";
import { safeAdminRedirect } from "~/domain/auth/redirect";
import { loginSchema } from "~/domain/auth/rules";
import { adminExists } from "~/domain/auth/setup.server";
import {
  deleteSessionByToken,
  deviceLabel,
  knownDeviceCookie,
  readCookie,
  readKnownDeviceToken,
  sessionCookie,
} from "~/domain/auth/session.server";
import { AdminFrame } from "~/components/admin/admin-frame";
import { CredentialsForm, PasswordField, UsernameField } from "~/components/admin/credentials-form";
import { CheckboxField } from "~/components/forms";
import { pageAction } from "~/lib/server/api.server";
import { useSchemaForm } from "~/lib/use-schema-form";
import { formFailure, parseForm } from "~/lib/server/parse.server";
import { withRetryAfter } from "~/lib/server/retry-after";
import { requestClient } from "~/routes/request-client.server";
import { redirectWithToast } from "~/lib/server/toast.server";

export const meta: Route.MetaFunction = () => [{ title: "Admin Login" }, { name: "robots", content: "noindex" }];

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const redirectTo = safeAdminRedirect(url.searchParams.get("redirectTo"));
  if (await readAdminSession(context, request)) throw redirect(redirectTo);
  return { redirectTo, needsSetup: !(await adminExists(context.get(servicesContext).db)) };
}

/** Passes on the action's Retry-After when it refuses an attempt with 429. */
export const headers: Route.HeadersFunction = withRetryAfter;

export async function action({ request, url, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const submission = await parseForm(request, loginSchema);
  if (submission.status !== "success") return formFailure(submission, { hideFields: ["password"] });
  const { username, password, remember } = submission.value;
  return pageAction(async () => {
    const result = await login(services, {
      username,
      password,
      client: requestClient(request),
      remember: remember === "on",
      device: deviceLabel(request.headers.get("user-agent")),
      proof: { deviceToken: readKnownDeviceToken(request), sessionToken: readCookie(request) },
    });
    // Rotation: whatever session this browser held before is ended, never reused.
    await deleteSessionByToken(services.db, readCookie(request));
    const redirectTo = safeAdminRedirect(submission.value.redirectTo ?? url.searchParams.get("redirectTo") ?? "");
    const headers = new Headers();
    headers.append("Set-Cookie", sessionCookie(request, result.token, result.maxAgeSeconds));
    headers.append("Set-Cookie", knownDeviceCookie(request, result.device.token, result.device.maxAgeSeconds));
    // With or without JavaScript, the same redirect; the toast travels with it.
    throw redirectWithToast(request, redirectTo, "logged-in", { headers });
  });
}

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  useEffect(() => {
    if (actionData && !actionData.ok) toast.error(actionData.message);
  }, [actionData]);

  // "Logged out", "Session expired": the toast the redirect here carried, also said on the page.
  const notice = useRouteLoaderData<typeof boundaryLoader>("routes/admin/boundary")?.toast?.message ?? null;

  const { form, fields } = useSchemaForm(loginSchema, {
    id: "admin-login",
    actionData,
    defaultValue: { redirectTo: loaderData.redirectTo },
  });

  return (
    <AdminFrame>
      <div className="mb-6 flex items-center gap-3">
        <img src="/favicon.svg" alt="" width={36} height={36} />
        <div>
          <h1 className="text-xl font-bold">Admin Login</h1>
          <p className="text-sm text-gray-600">Sign in to manage the shop</p>
        </div>
      </div>
      {notice && (
        <p role="status" className="mb-4 rounded-lg bg-gray-100 px-3 py-2 text-sm text-gray-800">
          {notice}
        </p>
      )}
      {loaderData.needsSetup && (
        <p role="status" className="mb-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          No admin account exists yet. Open the one-time setup link the server printed when it started (its output and
          log).
        </p>
      )}
      <CredentialsForm form={form} answer={actionData} submitLabel="Sign In">
        <input {...getInputProps(fields.redirectTo, { type: "hidden" })} />
        <UsernameField field={fields.username} label="Username" />
        <PasswordField field={fields.password} label="Password" autoComplete="current-password" />
        <CheckboxField
          field={fields.remember}
          label="Remember this device for 30 days"
          hint="Only on your own phone or computer. Without it you are signed out after 2 hours. Forget it any time in My Account."
        />
      </CredentialsForm>
      <Link to="/" className="mt-6 block text-center text-sm text-brand-700 underline">
        Back to home
      </Link>
    </AdminFrame>
  );
}
