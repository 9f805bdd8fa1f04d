import type { FormMetadata } from "@conform-to/react";
import type { ComponentProps, ReactNode } from "react";
import { EntityDialog, type EntityDialogProps } from "~/components/admin/entity-dialog";
import { SOCIAL_PROOF_KINDS } from "./kinds";

/** What the Social proof page hands its dialogs besides the record: its fetcher, and `inline` when its address opened one. */
export interface SocialProofDialogProps {
  answer: { state: string; data?: unknown };
  inline?: { closeHref: string };
}

/**
 * The Add/Edit dialog of a testimonial or a proof card: a new one is saved as
 * a draft, and nothing reaches the site until the operator publishes it.
 */
export function DraftDialog<S extends Record<string, unknown>>({
  kind,
  form,
  editing,
  submitting,
  onClose,
  answer,
  page,
  inline,
  children,
}: Pick<EntityDialogProps<unknown>, "editing" | "submitting" | "onClose"> &
  Pick<ComponentProps<typeof EntityDialog>, "answer" | "page" | "inline"> & {
    /** The intents' prefix: "proof" sends "proof.create" or "proof.update". */
    kind: keyof typeof SOCIAL_PROOF_KINDS;
    form: FormMetadata<S, string[]>;
    children: ReactNode;
  }) {
  const { noun, why } = SOCIAL_PROOF_KINDS[kind];
  return (
    <EntityDialog
      title={editing ? `Edit ${noun}` : `Add ${noun}`}
      description={`${why} It is saved as a draft until you publish it.`}
      form={form}
      intent={editing ? `${kind}.update` : `${kind}.create`}
      id={editing?.id}
      submitting={submitting}
      submitLabel={editing ? "Save Changes" : "Save Draft"}
      onClose={onClose}
      answer={answer}
      page={page}
      inline={inline}
    >
      {children}
    </EntityDialog>
  );
}
