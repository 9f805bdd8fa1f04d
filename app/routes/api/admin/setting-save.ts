import { z } from "zod";
import type { Route } from "./+types/setting-save";
import { servicesContext } from "~/context";
import { requireAdmin } from "~/domain/auth/guard.server";
import { writeSettingForApi } from "~/domain/settings/admin.server";
import { apiError, apiOk, readJsonBody } from "~/lib/api.server";
import { requestActor } from "~/lib/request-client.server";

const bodySchema = z.object({ key: z.string().min(1).max(100), value: z.string().max(2000) });

/** POST /api/admin/setting {key, value}: validated like the settings card the key belongs to. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context);
  if (request.method !== "POST") return apiError(405, "Method not allowed");
  const body = await readJsonBody(request, bodySchema);
  if ("error" in body) return body.error;
  const services = context.get(servicesContext);
  const result = await writeSettingForApi(
    services.db,
    requestActor(request, admin.username),
    body.data.key,
    body.data.value,
  );
  if (!result.ok) return apiError(400, result.message);
  services.settings.clear();
  return apiOk({ message: "Setting saved successfully" });
}

export function loader() {
  return apiError(405, "Method not allowed");
}
