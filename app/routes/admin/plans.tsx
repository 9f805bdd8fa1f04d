import { useFetcher } from "react-router";
import type { Route } from "./+types/plans";
import { adminTitle } from "~/routes/admin/title";
import { PlanDialog } from "~/components/admin/plans/plan-dialog";
import { SavedNotice } from "~/components/admin/entity-dialog";
import { useRecordPage } from "~/components/admin/use-record-page";
import { DeletePlanDialog } from "~/components/admin/plans/delete-plan-dialog";
import { PlansTable } from "~/components/admin/plans/plans-table";
import { Button } from "~/components/ui/button";
import { servicesContext } from "~/context";
import { requireAdmin } from "~/domain/auth/guard.server";
import { adminPlanToApi } from "~/domain/plans/admin.server";
import { runPlanAction } from "~/domain/plans/plan-actions.server";
import { type PlanActionIntent, planActionSchema } from "~/domain/plans/plan-form";
import { listPlans } from "~/domain/plans/plans.server";
import { panelServicesForPlans, plansAtPanel } from "~/domain/plans/plan-costs.server";
import { formAction, formFailure, parseForm } from "~/lib/server/parse.server";
import { requestActor } from "~/routes/request-client.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminTitle(matches, "Plans") }];

export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context);
  const { db } = context.get(servicesContext);
  const plans = await listPlans(db);
  const [atPanel, { panels }] = await Promise.all([plansAtPanel(db, plans), panelServicesForPlans(db)]);
  return { plans: plans.map((plan, i) => ({ ...adminPlanToApi(plan), atPanel: atPanel[i]! })), panels };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context);
  const submission = await parseForm(request, planActionSchema);
  if (submission.status !== "success") return formFailure(submission);
  const actor = requestActor(request, admin.username);
  // A refusal comes back with what was typed, under the field it names, even to a dialog posted as a whole page
  // before the page's scripts ran (issue 45), as Settings' forms are answered.
  return formAction(submission, () => runPlanAction(context.get(servicesContext).db, actor, submission.value));
}

const FAILURE: Record<PlanActionIntent, string> = {
  create: "Failed to add plan",
  update: "Failed to update plan",
  toggle: "Failed to toggle plan",
  delete: "Failed to delete plan",
};

export default function PlansPage({ loaderData }: Route.ComponentProps) {
  // `?plan=new`, `?plan=<id>`: the dialog the address opens (a link followed before the page's scripts ran).
  const page = useRecordPage(useFetcher<typeof action>(), "plan", loaderData.plans, (plan) => plan._id, FAILURE);
  const { busy, deleting } = page;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Plans</h1>
        <Button asChild size="md">
          <a {...page.addLink}>Add Plan</a>
        </Button>
      </div>
      <SavedNotice message={page.saved} />

      <PlansTable
        plans={loaderData.plans}
        busy={busy}
        editLink={page.editLink}
        onToggle={(plan) => page.act("toggle", plan)}
        onDelete={page.setDeleting}
      />

      {page.editor && <PlanDialog {...page.editor} panels={loaderData.panels} />}
      {deleting && (
        <DeletePlanDialog
          plan={deleting}
          submitting={busy}
          onClose={() => page.setDeleting(null)}
          onConfirm={() => page.act("delete", deleting)}
        />
      )}
    </div>
  );
}
