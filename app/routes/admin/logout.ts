import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { servicesContext } from "~/context";
import { clearSessionCookie, logout, readSessionToken } from "~/domain/auth/session.server";
import { requestClient } from "~/lib/request-client.server";

/** POST only: ends the session row and the cookie. `expired=1` when the session timer ran out. */
export async function action({ request, url, context }: Route.ActionArgs) {
  await logout(context.get(servicesContext).db, readSessionToken(request), requestClient(request));
  const params = new URLSearchParams(url.searchParams.has("expired") ? { expired: "1" } : { loggedOut: "1" });
  const back = url.searchParams.get("redirectTo");
  if (back) params.set("redirectTo", back);
  return redirect(`/admin/login?${params}`, { headers: { "Set-Cookie": clearSessionCookie(request) } });
}

export function loader() {
  return redirect("/admin/login");
}
