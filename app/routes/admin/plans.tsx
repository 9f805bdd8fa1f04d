import { useState } from "react";
import { useActionData, useFetcher, useSearchParams } from "react-router";
import type { Route } from "./+types/plans";
import { adminTitle } from "~/lib/admin-title";
import { PlanDialog } from "~/components/admin/plans/plan-dialog";
import { openInPlace } from "~/components/admin/entity-dialog";
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
import { formAction, formFailure, parseForm } from "~/lib/parse.server";
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

/** `?plan=new` or `?plan=<id>`: the dialog the address opens (a link followed before the page's scripts ran). */
const OPEN = "plan";

export default function PlansPage({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof action>();
  const [params, setParams] = useSearchParams();
  const saved = useActionData<typeof action>();
  // Opened by the address, it stands in the page (EntityDialog `inline`), unless a whole-page post just saved it.
  const [inline, setInline] = useState(() => params.has(OPEN) && saved?.ok !== true);
  const [editing, setEditing] = useState<ApiPlan | "new" | null>(() =>
    inline ? planOf(loaderData.plans, params.get(OPEN)) : null,
  );
  const [deleting, setDeleting] = useState<ApiPlan | null>(null);
  const [lastIntent, setLastIntent] = useState<PlanActionIntent>("create");
  const busy = fetcher.state !== "idle";
  const close = () => {
    setEditing(null);
    if (inline) {
      setInline(false);
      setParams((p) => (p.delete(OPEN), p), { replace: true, preventScrollReset: true });
    }
  };
  useActionToast(fetcher, {
    failureTitle: FAILURE[lastIntent],
    onSuccess: () => {
      close();
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
          <a href={`?${OPEN}=new`} onClick={openInPlace(() => setEditing("new"))}>
            Add Plan
          </a>
        </Button>
      </div>
      {saved?.ok === true && !fetcher.data && (
        <p role="status" className="rounded-lg border border-green-200 bg-green-50 p-3 text-sm text-green-900">
          {saved.message}
        </p>
      )}

      <PlansTable
        plans={loaderData.plans}
        busy={busy}
        editHref={(plan) => `?${OPEN}=${plan._id}`}
        onEdit={(plan) => setEditing(plan)}
        onToggle={(plan) => byId("toggle", plan)}
        onDelete={(plan) => setDeleting(plan)}
      />

      {editing && (
        <PlanDialog
          plan={editing === "new" ? null : editing}
          panels={loaderData.panels}
          answer={fetcher}
          inline={inline ? { closeHref: "/admin/plans" } : undefined}
          submitting={busy}
          onClose={close}
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

function planOf(plans: ApiPlan[], opened: string | null): ApiPlan | "new" | null {
  if (opened === "new") return "new";
  return plans.find((plan) => plan._id === opened) ?? null;
}
