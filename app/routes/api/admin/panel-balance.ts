import type { Route } from "./+types/panel-balance";
import { servicesContext } from "~/context";
import { requireAdmin } from "~/domain/auth/guard.server";
import { getPanelBalance } from "~/domain/panel/info.server";
import { apiError, apiOk } from "~/lib/api.server";

/** GET /api/admin/panel/balance: the panel account's balance (settings card and dashboard). */
export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context);
  const result = await getPanelBalance(context.get(servicesContext));
  if (!result.ok) return apiError(502, result.message);
  return apiOk({ balance: result.balance, currency: result.currency, balancePaise: result.balancePaise });
}
