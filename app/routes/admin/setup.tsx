import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/setup";
import { servicesContext } from "~/context";
import { MIN_PASSWORD_LENGTH, setupSchema } from "~/domain/auth/rules";
import { completeSetup, isSetupTokenValid } from "~/domain/auth/setup.server";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
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

export default function AdminSetup({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { form, fields, problem } = useSchemaForm(setupSchema, {
    id: "admin-setup",
    actionData,
    defaultValue: { token: loaderData.token },
  });
  return (
    <main className="flex min-h-screen items-center justify-center bg-gray-50 px-4 py-10">
      <Card padding="lg" className="w-full max-w-sm">
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
            <Field id={fields.username.id} label="Username" size="sm">
              {({ id }) => (
                <Input
                  {...getInputProps(fields.username, { type: "text" })}
                  id={id}
                  autoComplete="username"
                  size="sm"
                  className="text-base"
                />
              )}
            </Field>
            <Field id={fields.password.id} label={`Password (at least ${MIN_PASSWORD_LENGTH} characters)`} size="sm">
              {({ id }) => (
                <Input
                  {...getInputProps(fields.password, { type: "password" })}
                  id={id}
                  autoComplete="new-password"
                  size="sm"
                  className="text-base"
                />
              )}
            </Field>
            <Field id={fields.confirm.id} label="Confirm password" size="sm">
              {({ id }) => (
                <Input
                  {...getInputProps(fields.confirm, { type: "password" })}
                  id={id}
                  autoComplete="new-password"
                  size="sm"
                  className="text-base"
                />
              )}
            </Field>
            {problem && (
              <p role="alert" className="text-sm font-medium text-red-700">
                {problem}
              </p>
            )}
            <Button type="submit" size="md" disabled={busy} className="w-full py-2.5 disabled:opacity-60">
              Create admin
            </Button>
          </Form>
        )}
        <Link to="/admin/login" className="mt-6 block text-center text-sm text-brand-700 underline">
          Go to sign in
        </Link>
      </Card>
    </main>
  );
}
