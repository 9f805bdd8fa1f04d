import { z } from "zod";
import type { Route } from "./+types/panel-service-search";
import { servicesContext } from "~/context";
import { requireAdmin } from "~/domain/auth/guard.server";
import { findPanel } from "~/domain/panel/panels.repository.server";
import type { ServiceTerms } from "~/domain/panel/parse";
import { findServiceTerms, searchServiceTerms } from "~/domain/panel/services.server";
import { MAX_SERIAL_ID } from "~/db/serial-id";
import { apiFailure, apiReply } from "~/lib/server/api.server";
import { AppError } from "~/lib/app-error";
import { panelServiceSearchResponse } from "./panel-service-search.types";

const query = z.object({
  panelId: z.coerce.number().int().positive().max(MAX_SERIAL_ID),
  q: z.string().max(100).default(""),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
  id: z.string().trim().max(40).default(""),
});

/** The plan dialog's search of one panel's last services list, a page at a time (panel-service-search.types.ts). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireAdmin(context);
  const url = new URL(request.url);
  const parsed = query.safeParse({ ...Object.fromEntries(url.searchParams), panelId: params.panelId });
  if (!parsed.success) return apiFailure(new AppError("INVALID_INPUT", "Choose one of your panels"));
  const { panelId, q, page, id } = parsed.data;
  const { db } = context.get(servicesContext);
  if (!(await findPanel(db, panelId))) return apiFailure(new AppError("NOT_FOUND", "That panel no longer exists"));
  const [found, match] = await Promise.all([
    searchServiceTerms(db, panelId, { query: q, page }),
    id ? findServiceTerms(db, panelId, [id]) : Promise.resolve(new Map<string, ServiceTerms>()),
  ]);
  return apiReply(panelServiceSearchResponse, { ...found, match: match.get(id) ?? null });
}
