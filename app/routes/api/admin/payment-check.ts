import type { Route } from "./+types/payment-check";
import { type AppServices, servicesContext } from "~/context";
import { requireAdmin } from "~/domain/auth/guard.server";
import { listAccounts } from "~/domain/receiving-accounts/accounts.repository.server";
import { cancelCheck, latestCheck, startCheck } from "~/domain/payments/check/check.server";
import { apiError, apiHandle, apiReply } from "~/lib/server/api.server";
import { parseJson } from "~/lib/server/parse.server";
import { requestActor } from "~/routes/request-client.server";
import { paymentCheckRequest, paymentCheckResponse } from "./payment-check.types";

async function answer(services: Pick<AppServices, "db" | "settings">) {
  const [accounts, check] = await Promise.all([listAccounts(services.db), latestCheck(services)]);
  return apiReply(paymentCheckResponse, {
    accounts: accounts.map((a) => ({ id: a.id, upiId: a.upi_id, kind: a.kind, paused: a.paused === 1 })),
    check,
  });
}

/** GET /api/admin/payment-check: the accounts and the latest "pay ₹1 to yourself" check, with its stages. */
export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context);
  return answer(context.get(servicesContext));
}

/** POST /api/admin/payment-check: start a check on an account, or cancel the waiting one (audited). */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context);
  if (request.method !== "POST") return apiError(405, "Method not allowed");
  const body = await parseJson(request, paymentCheckRequest);
  const services = context.get(servicesContext);
  const actor = requestActor(request, admin.username);
  return apiHandle(async () => {
    if (body.intent === "start") await startCheck(services, actor, body.accountId);
    else await cancelCheck(services.db, actor, body.id);
    return answer(services);
  });
}
