import type { Route } from "./+types/setting";
import { servicesContext } from "~/context";
import { requireAdmin } from "~/domain/auth/guard.server";
import { readSettingForApi } from "~/domain/settings/admin.server";
import { apiError, apiOk } from "~/lib/api.server";

/** GET /api/admin/setting/{key}: the spec's single-key read; secrets masked, never the admin password. */
export async function loader({ params, context }: Route.LoaderArgs) {
  requireAdmin(context);
  const key = params.key ?? "";
  const result = await readSettingForApi(context.get(servicesContext).db, key);
  if (!result.ok) return apiError(result.status, result.message);
  return apiOk({ setting: { key, value: result.value } });
}
