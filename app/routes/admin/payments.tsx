import { z } from "zod";
import type { Route } from "./+types/payments";
import { ReceivingAccounts } from "~/components/admin/payments/receiving-accounts";
import { ResolvedCredits, UnmatchedList, UntrustedCredits } from "~/components/admin/payments/unmatched-list";
import { UnmatchedSearch } from "~/components/admin/payments/unmatched-search";
import { TaxDocumentsList } from "~/components/admin/payments/tax-documents";
import { TAX_DOCUMENTS_PAGE, taxDocuments } from "~/domain/receipts/tax-documents.server";
import { servicesContext } from "~/context";
import { requireAdmin } from "~/domain/auth/guard.server";
import { accountsForAdmin, runAccountAction } from "~/domain/payments/accounts/account-admin.server";
import { accountActionSchemas } from "~/domain/payments/accounts/account-form";
import { unmatchedActionSchemas } from "~/domain/payments/unmatched-actions";
import { loadUnmatchedPage, runUnmatchedAction, unmatchedQuery } from "~/domain/payments/unmatched-view.server";
import { adminTitle } from "~/routes/admin/title";
import { pageAction } from "~/lib/server/api.server";
import { UNKNOWN_ACTION, intentsOf } from "~/lib/intent";
import { formAction, formFailure, parseForm } from "~/lib/server/parse.server";
import { requestClient } from "~/routes/request-client.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminTitle(matches, "Payments") }];

/** The page's forms: the receiving accounts' and the unmatched payments'. */
const paymentsActionSchema = z.discriminatedUnion(
  "intent",
  [...accountActionSchemas, ...unmatchedActionSchemas],
  UNKNOWN_ACTION,
);
const isAccountAction = intentsOf(accountActionSchemas);

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context);
  const { db, config } = context.get(servicesContext);
  const [accounts, credits, documents] = await Promise.all([
    accountsForAdmin(db),
    loadUnmatchedPage(db, config.PAYMENT_GRACE_SECONDS, unmatchedQuery(new URL(request.url))),
    taxDocuments(db, { limit: TAX_DOCUMENTS_PAGE }),
  ]);
  return { accounts, ...credits, taxDocuments: documents };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context);
  const submission = await parseForm(request, paymentsActionSchema);
  if (submission.status !== "success") return formFailure(submission);
  const action = submission.value;
  const operator = { name: admin.username, client: requestClient(request) };
  const services = context.get(servicesContext);
  // An account's refusal comes back with what was typed, under its field, even to a whole-page post (issue 45).
  if (isAccountAction(action)) return formAction(submission, () => runAccountAction(services, operator, action));
  return pageAction(() => runUnmatchedAction(services, operator, action));
}

export default function Payments({ loaderData }: Route.ComponentProps) {
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold">Payments</h1>
      <ReceivingAccounts accounts={loaderData.accounts} />
      <section aria-labelledby="unmatched-title" className="space-y-4">
        <div>
          <h2 id="unmatched-title" className="text-lg font-semibold">
            Unmatched payments
          </h2>
          <p className="mt-1 text-sm text-gray-600">
            Credits from bank alerts or a gateway that named no single order. Assign one to the order it pays (the order
            is confirmed as if you had confirmed it), or dismiss it with the reason. Times are IST.
          </p>
        </div>
        <UnmatchedSearch
          q={loaderData.q}
          page={loaderData.page}
          pageCount={loaderData.pageCount}
          total={loaderData.total}
        >
          <UnmatchedList credits={loaderData.unmatched} searched={loaderData.q !== ""} />
        </UnmatchedSearch>
        <UntrustedCredits {...loaderData.untrusted} />
        <ResolvedCredits credits={loaderData.resolved} />
      </section>
      <TaxDocumentsList documents={loaderData.taxDocuments} />
    </div>
  );
}
