import type { Route } from "./+types/panel-balance";
import { servicesContext } from "~/context";
import { requireAdmin } from "~/domain/auth/guard.server";
import { getPanelBalance } from "~/domain/panel/info.server";
import { apiFailure, apiReply } from "~/lib/server/api.server";
import { AppError } from "~/lib/app-error";
import { panelBalanceResponse } from "./panel.types";

/** GET /api/admin/panel/balance: the panel account's balance (settings card and dashboard). */
export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context);
  const result = await getPanelBalance(context.get(servicesContext));
  if (!result.ok) return apiFailure(new AppError(result.code, result.message));
  return apiReply(panelBalanceResponse, {
    balance: result.balance,
    currency: result.currency,
    balancePaise: result.balancePaise,
  });
}
