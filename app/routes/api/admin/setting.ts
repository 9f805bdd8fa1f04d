import type { Route } from "./+types/setting";
import { servicesContext } from "~/context";
import { requireAdmin } from "~/domain/auth/guard.server";
import { readSettingForApi } from "~/domain/settings/admin.server";
import { apiHandle, apiReply } from "~/lib/server/api.server";
import { readSettingResponse } from "./setting.types";

/** GET /api/admin/setting/{key}: the spec's single-key read; secrets masked, never the admin password. */
export async function loader({ params, context }: Route.LoaderArgs) {
  requireAdmin(context);
  const key = params.key ?? "";
  return apiHandle(async () => {
    const { value } = await readSettingForApi(context.get(servicesContext).db, key);
    return apiReply(readSettingResponse, { setting: { key, value } });
  });
}
