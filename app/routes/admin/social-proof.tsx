import { useState } from "react";
import { useFetcher } from "react-router";
import type { Route } from "./+types/social-proof";
import { adminTitle } from "~/lib/admin-title";
import { ItemList } from "~/components/admin/social-proof/item-list";
import { ProofCardDialog } from "~/components/admin/social-proof/proof-card-dialog";
import { LANGUAGE_LABELS, TestimonialDialog } from "~/components/admin/social-proof/testimonial-dialog";
import { useActionToast } from "~/components/admin/use-action-toast";
import { useConfirmedAction } from "~/components/admin/use-confirmed-action";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { servicesContext } from "~/context";
import { requireAdmin } from "~/domain/auth/guard.server";
import { runSocialProofAction, socialProofAdminView } from "~/domain/social-proof/admin.server";
import { type SocialProofIntent, socialProofActionSchema } from "~/domain/social-proof/forms";
import { showsSamples } from "~/domain/social-proof/public.server";
import type { ProofItem, Testimonial } from "~/domain/social-proof/types";
import { pageAction } from "~/lib/api.server";
import { formFailure, parseForm } from "~/lib/parse.server";
import { requestActor } from "~/lib/request-client.server";

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
  return pageAction(() => runSocialProofAction(context.get(servicesContext).db, actor, submission.value));
}

type Editing =
  | { kind: "testimonial"; target: { id: number; item: Testimonial } | null }
  | { kind: "proof"; target: { id: number; item: ProofItem } | null };

export default function SocialProofPage({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof action>();
  const [editing, setEditing] = useState<Editing | null>(null);
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
      setEditing(null);
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
        onEdit={(target) => setEditing({ kind: "testimonial", target })}
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
        onEdit={(target) => setEditing({ kind: "proof", target })}
        onSend={send}
        onDelete={askDelete}
      />

      {editing?.kind === "testimonial" && (
        <TestimonialDialog
          editing={editing.target}
          submitting={busy}
          onClose={() => setEditing(null)}
          onSubmit={submit}
        />
      )}
      {editing?.kind === "proof" && (
        <ProofCardDialog
          editing={editing.target}
          submitting={busy}
          onClose={() => setEditing(null)}
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
