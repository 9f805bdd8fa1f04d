import type { Route } from "./+types/payments";
import { ResolvedCredits, UnmatchedList, UntrustedCredits } from "~/components/admin/payments/unmatched-list";
import { UnmatchedSearch } from "~/components/admin/payments/unmatched-search";
import { servicesContext } from "~/context";
import { requireAdmin } from "~/domain/auth/guard.server";
import { unmatchedActionSchema } from "~/domain/payments/unmatched-actions";
import { loadUnmatchedPage, runUnmatchedAction, unmatchedQuery } from "~/domain/payments/unmatched-view.server";
import { adminTitle } from "~/lib/admin-title";
import { pageAction } from "~/lib/api.server";
import { formFailure, parseForm } from "~/lib/parse.server";
import { requestClient } from "~/lib/request-client.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminTitle(matches, "Unmatched payments") }];

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context);
  return loadUnmatchedPage(context.get(servicesContext).db, unmatchedQuery(new URL(request.url)));
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context);
  const submission = await parseForm(request, unmatchedActionSchema);
  if (submission.status !== "success") return formFailure(submission);
  const action = submission.value;
  const operator = { name: admin.username, client: requestClient(request) };
  return pageAction(() => runUnmatchedAction(context.get(servicesContext), operator, action));
}

export default function Payments({ loaderData }: Route.ComponentProps) {
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-bold">Unmatched payments</h1>
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
    </div>
  );
}
