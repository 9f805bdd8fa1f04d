import type { Route } from "./+types/guard";
import { adminApiBoundary, adminApiGuard } from "~/routes/admin/middleware.server";

/**
 * Parent of every /api/admin/* route: its middleware runs before any child
 * loader or action, so no admin endpoint can forget the cross-site refusal
 * (403), the session check (401 `{ success: false, message }`) or no-store.
 */
export const middleware: Route.MiddlewareFunction[] = [adminApiBoundary, adminApiGuard];
