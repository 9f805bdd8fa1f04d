import { createProofCardForm, statsToText, updateProofCardForm } from "~/domain/social-proof/forms";
import { PROOF_TYPES } from "~/domain/social-proof/table";
import type { ProofItem } from "~/domain/social-proof/types";
import { type EntityDialogProps, useEntityForm } from "~/components/admin/entity-dialog";
import { DraftDialog } from "./draft-dialog";
import { CheckboxField, SelectField, TextField, TextareaField } from "~/components/forms";

export function ProofCardDialog(dialog: EntityDialogProps<ProofItem>) {
  // The form's fields are the card's, with before and after flat and the figures as text.
  const { fields, frame } = useEntityForm(
    "proof",
    dialog,
    { create: createProofCardForm, update: updateProofCardForm },
    {
      blank: { type: "followers", beforeLabel: "Before", afterLabel: "After" },
      of: ({ before, after, stats, verified, ...same }) => ({
        ...same,
        beforeLabel: before.label,
        beforeValue: before.value,
        afterLabel: after.label,
        afterValue: after.value,
        stats: statsToText(stats),
        verified: verified ? "on" : undefined,
      }),
    },
  );
  return (
    <DraftDialog kind="proof" editing={dialog.editing !== null} frame={frame}>
      <SelectField field={fields.type} label="Service" options={PROOF_TYPES} className="capitalize" />
      <TextField field={fields.title} label="Title" />
      <TextareaField field={fields.description} label="Description" rows={3} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField field={fields.beforeLabel} label="Before label" />
        <TextField field={fields.beforeValue} label="Before figure" />
        <TextField field={fields.afterLabel} label="After label" />
        <TextField field={fields.afterValue} label="After figure" />
      </div>
      <TextareaField
        field={fields.stats}
        label="Figures (one per line, Label: value)"
        hint="e.g. Delivery time: About 40 hours"
        rows={3}
      />
      <CheckboxField field={fields.verified} label="I checked this result myself (shows a Verified badge)" />
    </DraftDialog>
  );
}
