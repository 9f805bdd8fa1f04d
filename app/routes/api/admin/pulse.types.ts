import { z } from "zod";
import { getEndpoint, okResponse } from "~/lib/api-contract";

/** GET /api/admin/pulse: polled by every open admin page (app/domain/orders/pulse.server.ts). */
export const pulseSchema = z.object({ version: z.number(), toConfirm: z.number(), toCheck: z.number() });
export const pulseResponse = okResponse({ pulse: pulseSchema });
export type PulseResponse = z.output<typeof pulseResponse>;

export const pulseEndpoint = getEndpoint("/api/admin/pulse", pulseResponse);
