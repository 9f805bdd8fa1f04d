import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import type { Route } from "./+types/plans";
import { adminTitle } from "~/lib/admin-title";
import { PlanDialog } from "~/components/admin/plans/plan-dialog";
import { DeletePlanDialog } from "~/components/admin/plans/delete-plan-dialog";
import { PlansTable } from "~/components/admin/plans/plans-table";
import { servicesContext } from "~/context";
import { requireAdmin } from "~/domain/auth/guard.server";
import { type ApiPlan, planToApi } from "~/domain/plans/admin.server";
import { type PlanActionResult, runPlanAction } from "~/domain/plans/plan-actions.server";
import { listPlans } from "~/domain/plans/plans.server";
import { requestActor } from "~/lib/request-client.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminTitle(matches, "Plans") }];

export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context);
  const plans = await listPlans(context.get(servicesContext).db);
  return { plans: plans.map(planToApi) };
}

export async function action({ request, context }: Route.ActionArgs): Promise<PlanActionResult> {
  const admin = requireAdmin(context);
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return { ok: false, message: "Invalid request" };
  }
  return runPlanAction(context.get(servicesContext).db, requestActor(request, admin.username), body);
}

const FAILURE: Record<string, string> = {
  create: "Failed to add plan",
  update: "Failed to update plan",
  toggle: "Failed to toggle plan",
  delete: "Failed to delete plan",
};

export default function PlansPage({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher<PlanActionResult>();
  const [editing, setEditing] = useState<ApiPlan | "new" | null>(null);
  const [deleting, setDeleting] = useState<ApiPlan | null>(null);
  const busy = fetcher.state !== "idle";
  const lastIntent = (fetcher.json as { intent?: string } | undefined)?.intent;

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) {
      toast.success(fetcher.data.message);
      setEditing(null);
      setDeleting(null);
    } else {
      toast.error(FAILURE[lastIntent ?? ""] ?? "Failed to connect to server", { description: fetcher.data.message });
    }
  }, [fetcher.state, fetcher.data, lastIntent]);

  const submit = (payload: Record<string, unknown>) =>
    fetcher.submit(payload as never, { method: "post", encType: "application/json" });

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Plans</h1>
        <button
          type="button"
          onClick={() => setEditing("new")}
          className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
        >
          Add Plan
        </button>
      </div>

      <PlansTable
        plans={loaderData.plans}
        busy={busy}
        onEdit={(plan) => setEditing(plan)}
        onToggle={(plan) => submit({ intent: "toggle", id: Number(plan._id) })}
        onDelete={(plan) => setDeleting(plan)}
      />

      {editing && (
        <PlanDialog
          plan={editing === "new" ? null : editing}
          submitting={busy}
          onClose={() => setEditing(null)}
          onSubmit={(plan) =>
            editing === "new"
              ? submit({ intent: "create", plan })
              : submit({ intent: "update", id: Number(editing._id), plan })
          }
        />
      )}
      {deleting && (
        <DeletePlanDialog
          plan={deleting}
          submitting={busy}
          onClose={() => setDeleting(null)}
          onConfirm={() => submit({ intent: "delete", id: Number(deleting._id) })}
        />
      )}
    </div>
  );
}
