import { useState } from "react";
import { useFetcher } from "react-router";
import type { Route } from "./+types/plans";
import { adminTitle } from "~/lib/admin-title";
import { PlanDialog } from "~/components/admin/plans/plan-dialog";
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
import { pageAction } from "~/lib/api.server";
import { formFailure, parseForm } from "~/lib/parse.server";
import { requestActor } from "~/lib/request-client.server";

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
  return pageAction(() => runPlanAction(context.get(servicesContext).db, actor, submission.value));
}

const FAILURE: Record<PlanActionIntent, string> = {
  create: "Failed to add plan",
  update: "Failed to update plan",
  toggle: "Failed to toggle plan",
  delete: "Failed to delete plan",
};

export default function PlansPage({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof action>();
  const [editing, setEditing] = useState<ApiPlan | "new" | null>(null);
  const [deleting, setDeleting] = useState<ApiPlan | null>(null);
  const [lastIntent, setLastIntent] = useState<PlanActionIntent>("create");
  const busy = fetcher.state !== "idle";
  useActionToast(fetcher, {
    failureTitle: FAILURE[lastIntent],
    onSuccess: () => {
      setEditing(null);
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
        <Button size="md" onClick={() => setEditing("new")}>
          Add Plan
        </Button>
      </div>

      <PlansTable
        plans={loaderData.plans}
        busy={busy}
        onEdit={(plan) => setEditing(plan)}
        onToggle={(plan) => byId("toggle", plan)}
        onDelete={(plan) => setDeleting(plan)}
      />

      {editing && (
        <PlanDialog
          plan={editing === "new" ? null : editing}
          panels={loaderData.panels}
          answer={fetcher}
          submitting={busy}
          onClose={() => setEditing(null)}
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
