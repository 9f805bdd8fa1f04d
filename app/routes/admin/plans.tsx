import { useState } from "react";
import { useFetcher } from "react-router";
import type { Route } from "./+types/plans";
import { adminTitle } from "~/routes/admin/title";
import { PlanDialog } from "~/components/admin/plans/plan-dialog";
import { SavedNotice, useAddressDialog } from "~/components/admin/entity-dialog";
import { DeletePlanDialog } from "~/components/admin/plans/delete-plan-dialog";
import { PlansTable } from "~/components/admin/plans/plans-table";
import { Button } from "~/components/ui/button";
import { servicesContext } from "~/context";
import { requireAdmin } from "~/domain/auth/guard.server";
import { type ApiPlan, adminPlanToApi } from "~/domain/plans/admin.server";
import { runPlanAction } from "~/domain/plans/plan-actions.server";
import { type PlanActionIntent, planActionSchema } from "~/domain/plans/plan-form";
import { listPlans } from "~/domain/plans/plans.server";
import { panelServicesForPlans, plansAtPanel } from "~/domain/plans/plan-costs.server";
import { useActionToast } from "~/components/admin/use-action-toast";
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
  const fetcher = useFetcher<typeof action>();
  // `?plan=new`, `?plan=<id>`: the dialog the address opens (a link followed before the page's scripts ran).
  const dialog = useAddressDialog<ApiPlan>("plan", (id) => loaderData.plans.find((plan) => plan._id === id));
  const { editing } = dialog;
  const [deleting, setDeleting] = useState<ApiPlan | null>(null);
  const [lastIntent, setLastIntent] = useState<PlanActionIntent>("create");
  const busy = fetcher.state !== "idle";
  useActionToast(fetcher, {
    failureTitle: FAILURE[lastIntent],
    onSuccess: () => {
      dialog.close();
      setDeleting(null);
    },
  });

  const submit = (form: FormData) => {
    setLastIntent(form.get("intent") as PlanActionIntent);
    void fetcher.submit(form, { method: "post" });
  };
  const byId = (intent: "toggle" | "delete", plan: ApiPlan) => {
    const form = new FormData();
    form.set("intent", intent);
    form.set("id", plan._id);
    submit(form);
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Plans</h1>
        <Button asChild size="md">
          <a {...dialog.link("new", "new")}>Add Plan</a>
        </Button>
      </div>
      <SavedNotice message={fetcher.data ? null : dialog.saved} />

      <PlansTable
        plans={loaderData.plans}
        busy={busy}
        editLink={(plan) => dialog.link(plan._id, plan, busy)}
        onToggle={(plan) => byId("toggle", plan)}
        onDelete={(plan) => setDeleting(plan)}
      />

      {editing && (
        <PlanDialog
          plan={editing === "new" ? null : editing}
          panels={loaderData.panels}
          answer={fetcher}
          inline={dialog.inline}
          submitting={busy}
          onClose={dialog.close}
          onSubmit={submit}
        />
      )}
      {deleting && (
        <DeletePlanDialog
          plan={deleting}
          submitting={busy}
          onClose={() => setDeleting(null)}
          onConfirm={() => byId("delete", deleting)}
        />
      )}
    </div>
  );
}
