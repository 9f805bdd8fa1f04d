import { useState } from "react";
import { useFetcher } from "react-router";
import type { Route } from "./+types/social-proof";
import { adminTitle } from "~/routes/admin/title";
import { ItemList } from "~/components/admin/social-proof/item-list";
import { ProofCardDialog } from "~/components/admin/social-proof/proof-card-dialog";
import { LANGUAGE_LABELS, TestimonialDialog } from "~/components/admin/social-proof/testimonial-dialog";
import { SavedNotice, useAddressDialog } from "~/components/admin/entity-dialog";
import { useActionToast } from "~/components/admin/use-action-toast";
import { useConfirmedAction } from "~/components/admin/use-confirmed-action";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { servicesContext } from "~/context";
import { requireAdmin } from "~/domain/auth/guard.server";
import { runSocialProofAction, socialProofAdminView } from "~/domain/social-proof/admin.server";
import { type SocialProofIntent, socialProofActionSchema } from "~/domain/social-proof/forms";
import { showsSamples } from "~/domain/social-proof/public.server";
import type { AdminItem } from "~/domain/social-proof/admin.server";
import { formAction, formFailure, parseForm } from "~/lib/server/parse.server";
import { requestActor } from "~/routes/request-client.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminTitle(matches, "Social proof") }];

export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context);
  const { db, config } = context.get(servicesContext);
  return { ...(await socialProofAdminView(db)), samplesShown: showsSamples(config) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context);
  const submission = await parseForm(request, socialProofActionSchema);
  if (submission.status !== "success") return formFailure(submission);
  const actor = requestActor(request, admin.username);
  // A refusal comes back with what was typed, under its field, even to a dialog posted as a whole page (issue 45).
  return formAction(submission, () => runSocialProofAction(context.get(servicesContext).db, actor, submission.value));
}

/** The operator's item an address names (`?testimonial=7`), as its dialog edits it. */
function itemOf<T>(items: AdminItem<T>[]) {
  return (id: string) => {
    const entry = items.find((e) => !e.sample && String(e.id) === id);
    return entry && !entry.sample ? { id: entry.id, item: entry.item } : undefined;
  };
}

export default function SocialProofPage({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof action>();
  // `?testimonial=new`, `?proof=7`: the dialog the address opens, before the page's scripts run too.
  const testimonial = useAddressDialog("testimonial", itemOf(loaderData.testimonials));
  const proof = useAddressDialog("proof", itemOf(loaderData.proof));
  const [deleting, setDeleting] = useState<{ intent: SocialProofIntent; id: number; title: string } | null>(null);
  const [lastIntent, setLastIntent] = useState<SocialProofIntent>("testimonial.create");
  const busy = fetcher.state !== "idle";
  const removal = useConfirmedAction(fetcher);
  const askDelete = (target: NonNullable<typeof deleting>) => {
    setDeleting(target);
    removal.ask("open");
  };
  useActionToast(fetcher, {
    failureTitle: lastIntent.endsWith("delete") ? "Failed to delete" : "Failed to save",
    onSuccess: () => {
      testimonial.close();
      proof.close();
      setDeleting(null);
    },
  });

  const submit = (form: FormData) => {
    setLastIntent(form.get("intent") as SocialProofIntent);
    void fetcher.submit(form, { method: "post" });
  };
  const send = (fields: Record<string, string | number>) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, String(v));
    submit(form);
  };

  const samplesNote = loaderData.samplesShown
    ? "This shop runs in development or as the demo, so the public site shows these samples where nothing of yours is published."
    : "The public site never shows them: a section with nothing published is hidden.";

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Social proof</h1>
        <p className="mt-1 max-w-3xl text-sm text-gray-700">
          The testimonials and before/after results on the home page. Publish only real customers&apos; words and
          results, with their consent: made-up reviews are misleading advertising under the Consumer Protection Act,
          2019. Items marked <strong>Sample</strong> came with the shop and are fictional. {samplesNote}
        </p>
      </div>
      <SavedNotice message={fetcher.data ? null : testimonial.saved} />

      <ItemList
        kind="testimonial"
        items={loaderData.testimonials}
        busy={busy}
        render={(t) => ({
          title: `${t.name} (${t.handle})`,
          body: (
            <>
              <span className="line-clamp-2">{t.content}</span>
              <span className="text-xs text-gray-600">
                {t.rating} of 5 · {LANGUAGE_LABELS[t.language]} · {t.date}
              </span>
            </>
          ),
        })}
        editLink={(target) => (target ? testimonial.link(target.id, target, busy) : testimonial.link("new", "new"))}
        onSend={send}
        onDelete={askDelete}
      />
      <ItemList
        kind="proof"
        items={loaderData.proof}
        busy={busy}
        render={(p) => ({
          title: p.title,
          body: (
            <span>
              {p.type}: {p.before.value} → {p.after.value}
              {p.verified ? " · verified" : ""}
            </span>
          ),
        })}
        editLink={(target) => (target ? proof.link(target.id, target, busy) : proof.link("new", "new"))}
        onSend={send}
        onDelete={askDelete}
      />

      {testimonial.editing && (
        <TestimonialDialog
          editing={testimonial.editing === "new" ? null : testimonial.editing}
          submitting={busy}
          answer={fetcher}
          inline={testimonial.inline}
          onClose={testimonial.close}
          onSubmit={submit}
        />
      )}
      {proof.editing && (
        <ProofCardDialog
          editing={proof.editing === "new" ? null : proof.editing}
          submitting={busy}
          answer={fetcher}
          inline={proof.inline}
          onClose={proof.close}
          onSubmit={submit}
        />
      )}
      <ConfirmDialog
        {...removal.dialog("open")}
        title={`Delete "${deleting?.title ?? ""}"?`}
        confirmLabel="Delete"
        onConfirm={removal.confirm(() => deleting && send({ intent: deleting.intent, id: deleting.id }))}
      >
        It is removed from the site at once and cannot be undone.
      </ConfirmDialog>
    </div>
  );
}
