import { z } from "zod";
import { getEndpoint, okResponse } from "~/lib/api-contract";

/**
 * GET /api/admin/orders/export?…&count=1: how many orders the file would hold.
 * Without `count` the answer is the file itself, which the browser downloads
 * through a link, not through the API client.
 */
export const exportCountResponse = okResponse({ count: z.number() });
export type ExportCountResponse = z.output<typeof exportCountResponse>;

export const exportCountEndpoint = getEndpoint("/api/admin/orders/export", exportCountResponse);
