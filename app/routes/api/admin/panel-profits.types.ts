import { z } from "zod";
import { defineEndpoint, okResponse } from "~/lib/api-contract";

/**
 * POST /api/admin/panel/update-profits answers with newline-delimited JSON:
 * progress lines, then one final answer line (or a refusal line).
 */
export const profitsProgress = z.object({ done: z.number(), total: z.number() });
export const profitsResponse = okResponse({ updated: z.number(), failed: z.number(), message: z.string() });
export type ProfitsResponse = z.output<typeof profitsResponse>;

export const updateProfitsEndpoint = {
  ...defineEndpoint({ method: "POST", path: () => "/api/admin/panel/update-profits", response: profitsResponse }),
  progress: profitsProgress,
};
