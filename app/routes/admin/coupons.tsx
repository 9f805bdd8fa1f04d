import { useActionData, useFetcher } from "react-router";
import { SavedNotice } from "~/components/admin/entity-dialog";
import { useRecordPage } from "~/components/admin/use-record-page";
import type { Route } from "./+types/coupons";
import { adminTitle } from "~/routes/admin/title";
import { CouponDialog } from "~/components/admin/coupons/coupon-dialog";
import { CouponsTable } from "~/components/admin/coupons/coupons-table";
import { Button } from "~/components/ui/button";
import { servicesContext } from "~/context";
import { requireAdmin } from "~/domain/auth/guard.server";
import { runCouponAction } from "~/domain/coupons/coupon-actions.server";
import { type CouponActionIntent, couponActionSchema } from "~/domain/coupons/coupon-form";
import { couponsPage } from "~/domain/coupons/coupons-page.server";
import { formAction, formFailure, parseForm } from "~/lib/server/parse.server";
import { requestActor } from "~/routes/request-client.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminTitle(matches, "Coupons") }];

export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context);
  return couponsPage(context.get(servicesContext).db);
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context);
  const submission = await parseForm(request, couponActionSchema);
  if (submission.status !== "success") return formFailure(submission);
  const actor = requestActor(request, admin.username);
  // A refusal comes back with what was typed, under its field, even to a dialog posted as a whole page (issue 45).
  return formAction(submission, () => runCouponAction(context.get(servicesContext).db, actor, submission.value));
}

const FAILURE: Record<CouponActionIntent, string> = {
  create: "Failed to add coupon",
  update: "Failed to save coupon",
  toggle: "Failed to change coupon",
};

export default function CouponsPage({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof action>();
  const saved = useActionData<typeof action>();
  // `?coupon=new`, `?coupon=<id>`: the dialog the address opens, before the page's scripts run too.
  const page = useRecordPage(fetcher, "coupon", loaderData.coupons, (coupon) => coupon.id, FAILURE);
  // Saved, but below a plan's cost: said where the operator looks next, until the next change.
  const answer = fetcher.data ?? saved;
  const warnings = fetcher.state === "idle" && answer?.ok && "warnings" in answer ? answer.warnings : [];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Coupons</h1>
        <Button asChild size="md">
          <a {...page.addLink}>Add Coupon</a>
        </Button>
      </div>
      <SavedNotice message={page.saved} />
      {warnings.length > 0 && (
        <div
          role="alert"
          data-testid="coupon-warning"
          className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm"
        >
          <p className="font-semibold text-amber-900">Saved, but below the panel&apos;s cost:</p>
          <ul className="mt-1 list-disc pl-5 text-amber-900">
            {warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </div>
      )}
      <CouponsTable
        coupons={loaderData.coupons}
        busy={page.busy}
        editLink={page.editLink}
        onToggle={(coupon) => page.act("toggle", coupon)}
      />
      {page.editor && <CouponDialog {...page.editor} plans={loaderData.plans} />}
    </div>
  );
}
