import { type RouterContextProvider, createContext, redirect } from "react-router";
import { servicesContext } from "~/context";
import { apiError } from "~/lib/api.server";
import { type AdminSession, SESSION_COOKIE, clearSessionCookie, findSession, readCookie } from "./session.server";

/** Set by the admin guards for every loader and action below them. */
export const adminSessionContext = createContext<AdminSession | null>(null);

interface GuardArgs {
  request: Request;
  /** Normalised location (no `.data` suffix or `_routes`). */
  url: URL;
  context: Readonly<RouterContextProvider>;
}

/** The signed-in admin's session for this request, or null. */
export async function readAdminSession(context: Readonly<RouterContextProvider>, request: Request) {
  return findSession(context.get(servicesContext).db, readCookie(request, SESSION_COOKIE));
}

/**
 * For loaders and actions below a guard: the session the guard found. Throws
 * if called where no guard ran, so a misplaced route fails closed.
 */
export function requireAdmin(context: Readonly<RouterContextProvider>): AdminSession {
  const session = context.get(adminSessionContext);
  if (!session) throw apiError(401, "Authentication required");
  return session;
}

/** Middleware for admin pages: no session → /admin/login, remembering where the admin was going. */
export async function adminPageGuard({ request, url, context }: GuardArgs) {
  const session = await readAdminSession(context, request);
  if (session) {
    (context as RouterContextProvider).set(adminSessionContext, session);
    return;
  }
  const params = new URLSearchParams();
  const search = new URLSearchParams(url.search);
  search.delete("_routes");
  search.delete("index");
  const query = search.toString();
  params.set("redirectTo", `${url.pathname}${query ? `?${query}` : ""}`);
  const hadCookie = Boolean(readCookie(request, SESSION_COOKIE));
  if (hadCookie) params.set("expired", "1");
  throw redirect(
    `/admin/login?${params}`,
    hadCookie ? { headers: { "Set-Cookie": clearSessionCookie(request) } } : undefined,
  );
}

/** Middleware for /api/admin/*: no session → 401 JSON. */
export async function adminApiGuard({ request, context }: GuardArgs) {
  const session = await readAdminSession(context, request);
  if (!session) throw apiError(401, "Authentication required");
  (context as RouterContextProvider).set(adminSessionContext, session);
}
