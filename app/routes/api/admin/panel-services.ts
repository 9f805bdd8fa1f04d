import type { Route } from "./+types/panel-services";
import { servicesContext } from "~/context";
import { requireAdmin } from "~/domain/auth/guard.server";
import { listPanelServices } from "~/domain/panel/info.server";
import { apiError, apiOk } from "~/lib/api.server";

/** GET /api/admin/panel/services: the panel's service list, so the operator picks service ids from it. */
export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context);
  const result = await listPanelServices(context.get(servicesContext));
  if (!result.ok) return apiError(502, result.message);
  return apiOk({ services: result.services });
}
