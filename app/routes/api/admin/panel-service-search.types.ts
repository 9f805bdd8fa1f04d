import { z } from "zod";
import type { ServiceTerms } from "~/domain/panel/parse";
import { defineEndpoint, okResponse, record } from "~/lib/api-contract";

/**
 * GET /api/admin/panels/:panelId/services?q=&page=&id=: one page of the
 * services a plan may pick at this panel, those whose id, name or category
 * hold every word of `q`; and, with `id`, that service's terms (or null), for
 * the plan dialog's service fields (issue 45 point 12, issue 47 point 7).
 */
export const panelServiceSearchResponse = okResponse({
  services: z.array(record<ServiceTerms>()),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  match: record<ServiceTerms>().nullable(),
});
export type PanelServiceSearchResponse = z.output<typeof panelServiceSearchResponse>;

export interface PanelServiceSearch {
  panelId: number;
  q?: string;
  page?: number;
  id?: string;
}

export const panelServiceSearchEndpoint = defineEndpoint({
  method: "GET",
  path: ({ panelId, q = "", page = 1, id = "" }: PanelServiceSearch) =>
    `/api/admin/panels/${panelId}/services?${new URLSearchParams({ q, page: String(page), id })}`,
  response: panelServiceSearchResponse,
});
