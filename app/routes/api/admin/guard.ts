import type { Route } from "./+types/guard";
import { apiError } from "~/lib/api.server";

/**
 * Parent of every /api/admin/* route: its middleware runs before any child
 * loader or action, so no admin endpoint can forget the session check.
 * Until admin sign-in exists, every call is refused.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async () => {
    throw apiError(401, "Authentication required");
  },
];
