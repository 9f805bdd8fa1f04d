import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/setup";
import { servicesContext } from "~/context";
import { MIN_PASSWORD_LENGTH, setupSchema } from "~/domain/auth/rules";
import { completeSetup, isSetupTokenValid } from "~/domain/auth/setup.server";
import { pageAction } from "~/lib/api.server";
import { useSchemaForm } from "~/lib/use-schema-form";
import { formFailure, parseForm } from "~/lib/parse.server";
import { redirectWithToast } from "~/lib/toast.server";
import { withRetryAfter } from "~/lib/retry-after";
import { requestClient } from "~/lib/request-client.server";

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

const field =
  "w-full rounded-lg border border-gray-300 px-3 py-2 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100";

export default function AdminSetup({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { form, fields, problem } = useSchemaForm(setupSchema, {
    id: "admin-setup",
    actionData,
    defaultValue: { token: loaderData.token },
  });
  return (
    <main className="flex min-h-screen items-center justify-center bg-gray-50 px-4 py-10">
      <div className="w-full max-w-sm rounded-2xl border border-gray-200 bg-white p-6 shadow-sm">
        <h1 className="mb-2 text-xl font-bold">Create the admin account</h1>
        {!loaderData.valid ? (
          <p role="alert" className="text-sm text-red-700">
            This setup link is invalid or has already been used.
          </p>
        ) : (
          <Form method="post" className="space-y-4" {...getFormProps(form)}>
            <p className="text-sm text-gray-600">
              Choose the username and password for the shop's only admin. This link works once.
            </p>
            <input {...getInputProps(fields.token, { type: "hidden" })} />
            <label className="block">
              <span className="mb-1 block text-sm font-medium">Username</span>
              <input {...getInputProps(fields.username, { type: "text" })} autoComplete="username" className={field} />
            </label>
            <label className="block">
              <span className="mb-1 block text-sm font-medium">
                Password (at least {MIN_PASSWORD_LENGTH} characters)
              </span>
              <input
                {...getInputProps(fields.password, { type: "password" })}
                autoComplete="new-password"
                className={field}
              />
            </label>
            <label className="block">
              <span className="mb-1 block text-sm font-medium">Confirm password</span>
              <input
                {...getInputProps(fields.confirm, { type: "password" })}
                autoComplete="new-password"
                className={field}
              />
            </label>
            {problem && (
              <p role="alert" className="text-sm font-medium text-red-700">
                {problem}
              </p>
            )}
            <button
              type="submit"
              disabled={busy}
              className="w-full rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
            >
              Create admin
            </button>
          </Form>
        )}
        <Link to="/admin/login" className="mt-6 block text-center text-sm text-brand-700 underline">
          Go to sign in
        </Link>
      </div>
    </main>
  );
}
