import { type RouterContextProvider, createContext } from "react-router";
import { servicesContext } from "~/context";
import { AppError } from "~/lib/app-error";
import { type AdminSession, SESSION_COOKIE, findSession, readCookie } from "./session.server";

/** Set by the admin guards for every loader and action below them. */
export const adminSessionContext = createContext<AdminSession | null>(null);

/** The signed-in admin's session for this request, or null. */
export async function readAdminSession(context: Readonly<RouterContextProvider>, request: Request) {
  return findSession(context.get(servicesContext).db, readCookie(request, SESSION_COOKIE));
}

/**
 * For loaders and actions below a guard (app/routes/admin/middleware.server.ts):
 * the session the guard found. Throws if called where no guard ran, so a
 * misplaced route fails closed.
 */
export function requireAdmin(context: Readonly<RouterContextProvider>): AdminSession {
  const session = context.get(adminSessionContext);
  if (!session) throw new AppError("UNAUTHORIZED", "Authentication required");
  return session;
}
