import { getInputProps } from "@conform-to/react";
import { Link } from "react-router";
import type { Route } from "./+types/setup";
import { servicesContext } from "~/context";
import { MIN_PASSWORD_LENGTH, setupSchema } from "~/domain/auth/rules";
import { completeSetup, isSetupTokenValid } from "~/domain/auth/setup.server";
import { AdminFrame } from "~/components/admin/admin-frame";
import { CredentialsForm, PasswordField, UsernameField } from "~/components/admin/credentials-form";
import { pageAction } from "~/lib/server/api.server";
import { useSchemaForm } from "~/lib/use-schema-form";
import { formFailure, parseForm } from "~/lib/server/parse.server";
import { redirectWithToast } from "~/lib/server/toast.server";
import { withRetryAfter } from "~/lib/server/retry-after";
import { requestClient } from "~/routes/request-client.server";

export const meta: Route.MetaFunction = () => [
  { title: "Create the admin account" },
  { name: "robots", content: "noindex" },
];

export async function loader({ url, context }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") ?? "";
  return { token, valid: await isSetupTokenValid(context.get(servicesContext).db, token) };
}

/** Passes on the action's Retry-After when it refuses an attempt with 429. */
export const headers: Route.HeadersFunction = withRetryAfter;

export async function action({ request, context }: Route.ActionArgs) {
  const submission = await parseForm(request, setupSchema);
  if (submission.status !== "success") return formFailure(submission, { hideFields: ["password", "confirm"] });
  return pageAction(async () => {
    await completeSetup(context.get(servicesContext).db, submission.value, requestClient(request));
    return redirectWithToast(request, "/admin/login", "admin-created");
  });
}

export default function AdminSetup({ loaderData, actionData }: Route.ComponentProps) {
  const { form, fields } = useSchemaForm(setupSchema, {
    id: "admin-setup",
    actionData,
    defaultValue: { token: loaderData.token },
  });
  return (
    <AdminFrame>
      <h1 className="mb-2 text-xl font-bold">Create the admin account</h1>
      {!loaderData.valid ? (
        <p role="alert" className="text-sm text-red-700">
          This setup link is invalid or has already been used.
        </p>
      ) : (
        <CredentialsForm form={form} answer={actionData} submitLabel="Create admin">
          <p className="text-sm text-gray-600">
            Choose the username and password for the shop's only admin. This link works once.
          </p>
          <input {...getInputProps(fields.token, { type: "hidden" })} />
          <UsernameField field={fields.username} label="Username" />
          <PasswordField
            field={fields.password}
            label={`Password (at least ${MIN_PASSWORD_LENGTH} characters)`}
            autoComplete="new-password"
          />
          <PasswordField field={fields.confirm} label="Confirm password" autoComplete="new-password" />
        </CredentialsForm>
      )}
      <Link to="/admin/login" className="mt-6 block text-center text-sm text-brand-700 underline">
        Go to sign in
      </Link>
    </AdminFrame>
  );
}
