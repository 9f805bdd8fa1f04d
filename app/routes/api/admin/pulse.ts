import type { Route } from "./+types/pulse";
import { servicesContext } from "~/context";
import { adminPulse } from "~/domain/orders/pulse.server";
import { apiReply } from "~/lib/server/api.server";
import { pulseResponse } from "./pulse.types";

/** GET /api/admin/pulse: polled by every open admin page to stay current (docs/decisions/0006). */
export async function loader({ context }: Route.LoaderArgs) {
  return apiReply(pulseResponse, { pulse: await adminPulse(context.get(servicesContext).db) });
}
