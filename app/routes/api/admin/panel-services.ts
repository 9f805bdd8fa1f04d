import type { Route } from "./+types/panel-services";
import { servicesContext } from "~/context";
import { requireAdmin } from "~/domain/auth/guard.server";
import { listPanelServices } from "~/domain/panel/info.server";
import { apiFailure, apiReply } from "~/lib/server/api.server";
import { AppError } from "~/lib/app-error";
import { panelServicesResponse } from "./panel.types";

/** GET /api/admin/panel/services: the panel's service list, so the operator picks service ids from it. */
export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context);
  const result = await listPanelServices(context.get(servicesContext));
  if (!result.ok) return apiFailure(new AppError(result.code, result.message));
  return apiReply(panelServicesResponse, { services: result.services });
}
