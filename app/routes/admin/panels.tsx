import { useFetcher } from "react-router";
import type { Route } from "./+types/panels";
import { PanelDialog } from "~/components/admin/panels/panel-dialog";
import { SavedNotice } from "~/components/admin/entity-dialog";
import { useRecordPage } from "~/components/admin/use-record-page";
import { PasswordAgainProvider } from "~/components/admin/password-again";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { servicesContext } from "~/context";
import { requireAdmin } from "~/domain/auth/guard.server";
import { runPanelAction } from "~/domain/order-actions/panel-actions.server";
import { type AdminPanel, panelsForAdmin } from "~/domain/panel/panel-admin.server";
import { panelActionSchema } from "~/domain/panel/panel-form";
import { adminTitle } from "~/routes/admin/title";
import { formatPanelBalanceMoney } from "~/lib/panel-money";
import { formAction, formFailure, parseForm } from "~/lib/server/parse.server";
import { requestActor } from "~/routes/request-client.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminTitle(matches, "Panels") }];

export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context);
  return { panels: await panelsForAdmin(context.get(servicesContext).db) };
}

const SECRET_FIELDS = ["apiKey"];

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context);
  const submission = await parseForm(request, panelActionSchema);
  // The key is never echoed back, even in a refusal.
  if (submission.status !== "success") return formFailure(submission, { hideFields: SECRET_FIELDS });
  const actor = requestActor(request, admin.username);
  // A refusal comes back with what was typed (the key asked for again), under the field it names, even to a
  // dialog posted as a whole page before the page's scripts ran (issue 45), as Settings' forms are answered.
  return formAction(submission, () => runPanelAction(context.get(servicesContext), admin, actor, submission.value), {
    hideFields: SECRET_FIELDS,
  });
}

/** Saving a URL or a key, a new default, a delete: the password is asked again when not typed lately (issue 47). */
export default function PanelsPage(props: Route.ComponentProps) {
  return (
    <PasswordAgainProvider>
      <Panels {...props} />
    </PasswordAgainProvider>
  );
}

function Panels({ loaderData }: Route.ComponentProps) {
  // `?panel=new`, `?panel=<id>`: the dialog the address opens (a link followed before the page's scripts ran).
  const page = useRecordPage<AdminPanel, "make-default" | "delete" | "refresh-services">(
    useFetcher<typeof action>(),
    "panel",
    loaderData.panels,
    (panel) => panel.id,
  );
  const { busy, deleting, setDeleting } = page;
  const byId = page.act;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Panels</h1>
          <p className="text-sm text-gray-600">
            The SMM panels your orders go to. Plans without a panel of their own use the default one.
          </p>
        </div>
        <Button asChild size="md">
          <a {...page.addLink}>Add panel</a>
        </Button>
      </div>
      <SavedNotice message={page.saved} />

      {loaderData.panels.length === 0 ? (
        <Card radius="lg">
          <p className="text-sm text-gray-700">
            No panel yet: paid orders cannot be sent for delivery. Add your panel's API URL and key.
          </p>
        </Card>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2" aria-label="Panels">
          {loaderData.panels.map((panel) => (
            <li key={panel.id}>
              <Card asChild radius="lg">
                <section aria-label={panel.name} className="space-y-2">
                  <div className="flex items-start justify-between gap-2">
                    <h2 className="text-lg font-semibold break-all">{panel.name}</h2>
                    {panel.isDefault && (
                      <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">
                        Default
                      </span>
                    )}
                  </div>
                  <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                    <dt className="text-gray-600">URL</dt>
                    <dd className="break-all">{panel.host}</dd>
                    <dt className="text-gray-600">Currency</dt>
                    <dd>
                      {panel.currency}
                      {panel.inrRate && ` (₹${panel.inrRate} each)`}
                    </dd>
                    <dt className="text-gray-600">Balance</dt>
                    <dd data-testid="panel-balance">
                      {panel.balance === null
                        ? "not checked yet"
                        : formatPanelBalanceMoney(panel.balance, panel.balanceCurrency ?? panel.currency)}
                    </dd>
                    <dt className="text-gray-600">Services</dt>
                    <dd>{panel.servicesCount === 0 ? "none fetched yet" : panel.servicesCount}</dd>
                  </dl>
                  <div className="flex flex-wrap gap-2 pt-1">
                    <Button asChild variant="neutral" size="sm">
                      <a {...page.editLink(panel)}>Edit</a>
                    </Button>
                    <Button variant="neutral" size="sm" onClick={() => byId("refresh-services", panel)} disabled={busy}>
                      Refresh services
                    </Button>
                    {!panel.isDefault && (
                      <Button variant="neutral" size="sm" onClick={() => byId("make-default", panel)} disabled={busy}>
                        Make default
                      </Button>
                    )}
                    <Button variant="neutral" size="sm" onClick={() => setDeleting(panel)} disabled={busy}>
                      Delete
                    </Button>
                  </div>
                </section>
              </Card>
            </li>
          ))}
        </ul>
      )}

      {page.editor && <PanelDialog {...page.editor} />}
      {deleting && (
        <ConfirmDialog
          title={`Delete ${deleting.name}?`}
          confirmLabel="Delete"
          workingLabel="Deleting..."
          working={busy}
          onCancel={() => setDeleting(null)}
          onConfirm={() => byId("delete", deleting)}
        >
          <p>Its services list goes with it. A panel that a plan or an unfinished order uses is not deleted.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
