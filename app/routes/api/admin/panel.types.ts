import { z } from "zod";
import type { PanelService } from "~/domain/panel/parse";
import { defineEndpoint, okResponse, record } from "~/lib/api-contract";

/** GET /api/admin/panel/balance and /api/admin/panel/services: what the panel says about the account. */
export const panelBalanceResponse = okResponse({
  balance: z.string(),
  currency: z.string(),
  balancePaise: z.number().nullable(),
});
export type PanelBalanceResponse = z.output<typeof panelBalanceResponse>;
export const panelServicesResponse = okResponse({ services: z.array(record<PanelService>()) });

export const panelBalanceEndpoint = defineEndpoint({
  method: "GET",
  path: () => "/api/admin/panel/balance",
  response: panelBalanceResponse,
});
export const panelServicesEndpoint = defineEndpoint({
  method: "GET",
  path: () => "/api/admin/panel/services",
  response: panelServicesResponse,
});
