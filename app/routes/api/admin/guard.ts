import type { Route } from "./+types/guard";
import { adminApiGuard } from "~/domain/auth/guard.server";

/**
 * Parent of every /api/admin/* route: its middleware runs before any child
 * loader or action, so no admin endpoint can forget the session check.
 * Without a valid session the answer is 401 `{ success: false, message }`.
 */
export const middleware: Route.MiddlewareFunction[] = [adminApiGuard];
