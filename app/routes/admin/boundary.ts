import type { Route } from "./+types/boundary";
import { adminPageBoundary } from "~/domain/auth/boundary.server";

/**
 * Parent of every admin page, the sign-in, setup and sign-out pages included:
 * its middleware refuses cross-site writes and marks every answer no-store
 * before any child loader or action runs (app/domain/auth/boundary.server.ts).
 */
export const middleware: Route.MiddlewareFunction[] = [adminPageBoundary];
