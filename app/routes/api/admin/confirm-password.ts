import type { Route } from "./+types/confirm-password";
import { servicesContext } from "~/context";
import { requireAdmin } from "~/domain/auth/guard.server";
import { confirmPassword } from "~/domain/auth/recent-password.server";
import { apiError, apiHandle, apiReply } from "~/lib/server/api.server";
import { parseJson } from "~/lib/server/parse.server";
import { requestClient } from "~/routes/request-client.server";
import { confirmPasswordRequest, confirmPasswordResponse } from "./confirm-password.types";

/**
 * The password typed again on this session (the Settings page's dialog, or
 * an API client before DELETE /api/admin/delete-*-data): limited like sign-in,
 * a wrong one audited. For the next 15 minutes sensitive changes go through.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context);
  if (request.method !== "POST") return apiError(405, "Method not allowed");
  const { password } = await parseJson(request, confirmPasswordRequest);
  return apiHandle(async () => {
    await confirmPassword(context.get(servicesContext).db, admin, password, requestClient(request));
    return apiReply(confirmPasswordResponse, { message: "Password confirmed" });
  });
}

export function loader() {
  return apiError(405, "Method not allowed");
}
