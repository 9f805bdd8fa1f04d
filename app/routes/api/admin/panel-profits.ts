import type { Route } from "./+types/panel-profits";
import { servicesContext } from "~/context";
import { requireAdmin } from "~/domain/auth/guard.server";
import { updateAllProfits } from "~/domain/fulfilment/profits.server";
import { apiError } from "~/lib/server/api.server";
import { isAppError } from "~/lib/app-error";
import { readNoBody } from "~/lib/server/parse.server";

/**
 * POST /api/admin/panel/update-profits: 'Update All Profits'. Answers with
 * newline-delimited JSON so the button can show progress while the panel is
 * asked (100 orders per status call): `{"done":n,"total":m}` lines, then one
 * final `{"success":true,"updated":n,"failed":m,"message":…}` or
 * `{"success":false,"message":…}` line.
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(context);
  if (request.method !== "POST") return apiError(405, "Method not allowed");
  await readNoBody(request);
  const services = context.get(servicesContext);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (line: Record<string, unknown>) => controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
      try {
        const result = await updateAllProfits(services, { onProgress: (progress) => send(progress) });
        send({ success: true, ...result });
      } catch (error) {
        // The answer has begun (200, streaming): a refusal is said in the last line, in the API's words.
        if (isAppError(error)) send({ success: false, message: error.message, code: error.code });
        else {
          services.logger.error({ err: error }, "bulk profit update failed");
          send({ success: false, message: "Failed to bulk update profits" });
        }
      }
      controller.close();
    },
  });
  return new Response(body, {
    headers: {
      "content-type": "application/x-ndjson; charset=utf-8",
      // no-transform keeps the compression middleware from buffering the progress lines.
      "cache-control": "no-store, no-transform",
    },
  });
}
