import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { servicesContext } from "~/context";
import { logoutSchema } from "~/domain/auth/rules";
import { clearSessionCookie, logout, readSessionToken } from "~/domain/auth/session.server";
import { parseOptionalForm } from "~/lib/server/parse.server";
import { requestClient } from "~/routes/request-client.server";
import { redirectWithToast } from "~/lib/server/toast.server";

/**
 * POST only: ends the session row and the cookie, and says so on the sign-in
 * page. `intent=expired` when the session timer ran out; `redirectTo` is kept
 * so signing in again returns to the page.
 */
export async function action({ request, url, context }: Route.ActionArgs) {
  const submission = await parseOptionalForm(request, logoutSchema);
  // A bare POST signs out too: a sign-out must not fail for want of a body.
  const expired = submission.status === "success" && submission.value.intent === "expired";
  await logout(context.get(servicesContext).db, readSessionToken(request), requestClient(request));
  const back = url.searchParams.get("redirectTo");
  const to = back ? `/admin/login?${new URLSearchParams({ redirectTo: back })}` : "/admin/login";
  return redirectWithToast(request, to, expired ? "session-expired" : "logged-out", {
    headers: { "Set-Cookie": clearSessionCookie(request) },
  });
}

export function loader() {
  return redirect("/admin/login");
}
