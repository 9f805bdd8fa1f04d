import type { FormMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { EntityDialog, type EntityDialogProps } from "~/components/admin/entity-dialog";
import type { PageRefusal } from "~/lib/use-schema-form";
import { SOCIAL_PROOF_KINDS } from "./kinds";

/**
 * The Add/Edit dialog of a testimonial or a proof card: a new one is saved as
 * a draft, and nothing reaches the site until the operator publishes it.
 */
export function DraftDialog<S extends Record<string, unknown>>({
  kind,
  form,
  editing,
  page,
  children,
  ...dialog
}: Omit<EntityDialogProps<unknown>, "onSubmit"> & {
  /** The intents' prefix: "proof" sends "proof.create" or "proof.update". */
  kind: keyof typeof SOCIAL_PROOF_KINDS;
  form: FormMetadata<S, string[]>;
  /** The page's answer to the form posted as a whole page (`useEntityForm`). */
  page?: PageRefusal;
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
      submitLabel={editing ? "Save Changes" : "Save Draft"}
      page={page}
      {...dialog}
    >
      {children}
    </EntityDialog>
  );
}
