import type { Route } from "./+types/setting-save";
import { servicesContext } from "~/context";
import { requireAdmin } from "~/domain/auth/guard.server";
import { asksRecentPassword, writeSettingForApi } from "~/domain/settings/admin.server";
import { apiError, apiFailure, apiReply } from "~/lib/server/api.server";
import { AppError } from "~/lib/app-error";
import { parseJson } from "~/lib/server/parse.server";
import { hasRecentPassword, passwordAgainError } from "~/domain/auth/recent-password.server";
import { saveSettingRequest, saveSettingResponse } from "./setting-save.types";
import { requestActor } from "~/routes/request-client.server";

/** POST /api/admin/setting {key, value}: validated like the settings card the key belongs to. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context);
  if (request.method !== "POST") return apiError(405, "Method not allowed");
  const { key, value } = await parseJson(request, saveSettingRequest);
  const services = context.get(servicesContext);
  // A new secret, or a new panel URL or key (where every paid order goes): the password typed recently, or again.
  if (asksRecentPassword(key) && value.trim() !== "" && !hasRecentPassword(admin)) {
    return apiFailure(passwordAgainError());
  }
  const result = await writeSettingForApi(services.db, requestActor(request, admin.username), key, value);
  if (!result.ok) return apiFailure(new AppError("INVALID_INPUT", result.message, { field: result.field ?? null }));
  return apiReply(saveSettingResponse, { message: "Setting saved successfully" });
}

export function loader() {
  return apiError(405, "Method not allowed");
}
