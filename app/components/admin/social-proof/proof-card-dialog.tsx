import { createProofCardForm, statsToText, updateProofCardForm } from "~/domain/social-proof/forms";
import { PROOF_TYPES } from "~/domain/social-proof/table";
import type { ProofItem } from "~/domain/social-proof/types";
import type { EntityDialogProps } from "~/components/admin/entity-dialog";
import { DraftDialog } from "./draft-dialog";
import { CheckboxField, SelectField, TextField, TextareaField } from "~/components/forms";
import { useSchemaForm } from "~/lib/use-schema-form";

export function ProofCardDialog({ editing, submitting, onClose, onSubmit }: EntityDialogProps<ProofItem>) {
  const item = editing?.item;
  const { form, fields } = useSchemaForm(editing ? updateProofCardForm : createProofCardForm, {
    id: editing ? `proof-edit-${editing.id}` : "proof-add",
    defaultValue: item
      ? {
          type: item.type,
          title: item.title,
          description: item.description,
          beforeLabel: item.before.label,
          beforeValue: item.before.value,
          afterLabel: item.after.label,
          afterValue: item.after.value,
          stats: statsToText(item.stats),
          verified: item.verified ? "on" : undefined,
        }
      : { type: "followers", beforeLabel: "Before", afterLabel: "After" },
    onValid: onSubmit,
  });
  return (
    <DraftDialog kind="proof" form={form} editing={editing} submitting={submitting} onClose={onClose}>
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
