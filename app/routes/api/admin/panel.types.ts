import { z } from "zod";
import type { PanelService } from "~/domain/panel/parse";
import { getEndpoint, okResponse, record } from "~/lib/api-contract";

/** GET /api/admin/panel/balance and /api/admin/panel/services: what the panel says about the account. */
export const panelBalanceResponse = okResponse({
  balance: z.string(),
  currency: z.string(),
  balancePaise: z.number().nullable(),
});
export type PanelBalanceResponse = z.output<typeof panelBalanceResponse>;
export const panelServicesResponse = okResponse({ services: z.array(record<PanelService>()) });

export const panelBalanceEndpoint = getEndpoint("/api/admin/panel/balance", panelBalanceResponse);
export const panelServicesEndpoint = getEndpoint("/api/admin/panel/services", panelServicesResponse);
