import type { ReactNode } from "react";
import { EntityDialog, type EntityFrame } from "~/components/admin/entity-dialog";
import { SOCIAL_PROOF_KINDS } from "./kinds";

/**
 * The Add/Edit dialog of a testimonial or a proof card: a new one is saved as
 * a draft, and nothing reaches the site until the operator publishes it.
 */
export function DraftDialog<S extends Record<string, unknown>>({
  kind,
  editing,
  frame,
  children,
}: {
  /** The intents' prefix: "proof" sends "proof.create" or "proof.update". */
  kind: keyof typeof SOCIAL_PROOF_KINDS;
  editing: boolean;
  /** `useEntityForm`'s frame. */
  frame: EntityFrame<S>;
  children: ReactNode;
}) {
  const { noun, why } = SOCIAL_PROOF_KINDS[kind];
  return (
    <EntityDialog
      {...frame}
      title={editing ? `Edit ${noun}` : `Add ${noun}`}
      description={`${why} It is saved as a draft until you publish it.`}
      intent={editing ? `${kind}.update` : `${kind}.create`}
      submitLabel={editing ? "Save Changes" : "Save Draft"}
    >
      {children}
    </EntityDialog>
  );
}
