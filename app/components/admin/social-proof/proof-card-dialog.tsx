import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { X } from "lucide-react";
import { createProofCardForm, statsToText, updateProofCardForm } from "~/domain/social-proof/forms";
import { PROOF_TYPES } from "~/domain/social-proof/table";
import type { ProofItem } from "~/domain/social-proof/types";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Input, inputVariants } from "~/components/ui/input";
import { cn } from "~/lib/cn";
import { useSchemaForm } from "~/lib/use-schema-form";

interface Props {
  /** null: a new proof card. */
  editing: { id: number; item: ProofItem } | null;
  submitting: boolean;
  onClose: () => void;
  onSubmit: (form: FormData) => void;
}

export function ProofCardDialog({ editing, submitting, onClose, onSubmit }: Props) {
  const item = editing?.item;
  const { form, fields } = useSchemaForm(editing ? updateProofCardForm : createProofCardForm, {
    id: editing ? `proof-edit-${editing.id}` : "proof-add",
    defaultValue: item
      ? {
          intent: "proof.update",
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
      : { intent: "proof.create", type: "followers", beforeLabel: "Before", afterLabel: "After" },
    onValid: onSubmit,
  });
  const text = (name: "title" | "beforeLabel" | "beforeValue" | "afterLabel" | "afterValue", label: string) => (
    <Field label={label} id={fields[name].id} error={fields[name].errors?.[0]} size="sm">
      {(control) => (
        <Input {...getInputProps(fields[name], { type: "text" })} {...control} size="sm" disabled={submitting} />
      )}
    </Field>
  );
  return (
    <Dialog open onOpenChange={(open) => !open && !submitting && onClose()}>
      <DialogContent overlayClassName="z-50 bg-black/40" className="max-h-[90vh] overflow-y-auto">
        <DialogTitle>{editing ? "Edit proof card" : "Add proof card"}</DialogTitle>
        <DialogDescription className="text-gray-600">
          A real customer&apos;s before and after, shared with their consent. It is saved as a draft until you publish
          it.
        </DialogDescription>
        <DialogClose asChild>
          <Button
            variant="ghost"
            size="inline"
            aria-label="Close"
            className="absolute right-4 top-4 rounded p-1"
            disabled={submitting}
          >
            <X className="size-4" aria-hidden />
          </Button>
        </DialogClose>
        <form {...getFormProps(form)} className="mt-4 space-y-4">
          <input {...getInputProps(fields.intent, { type: "hidden" })} />
          {editing && <input type="hidden" name="id" value={editing.id} />}
          <Field label="Service" id={fields.type.id} error={fields.type.errors?.[0]} size="sm">
            {(control) => (
              <select
                {...getSelectProps(fields.type)}
                {...control}
                className={cn(inputVariants({ size: "sm" }), "capitalize")}
                disabled={submitting}
              >
                {PROOF_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {text("title", "Title")}
          <Field label="Description" id={fields.description.id} error={fields.description.errors?.[0]} size="sm">
            {(control) => (
              <textarea
                {...getTextareaProps(fields.description)}
                {...control}
                rows={3}
                className={inputVariants({ size: "sm" })}
                disabled={submitting}
              />
            )}
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            {text("beforeLabel", "Before label")}
            {text("beforeValue", "Before figure")}
            {text("afterLabel", "After label")}
            {text("afterValue", "After figure")}
          </div>
          <Field
            label="Figures (one per line, Label: value)"
            id={fields.stats.id}
            error={fields.stats.errors?.[0]}
            hint="e.g. Delivery time: About 40 hours"
            size="sm"
          >
            {(control) => (
              <textarea
                {...getTextareaProps(fields.stats)}
                {...control}
                rows={3}
                className={inputVariants({ size: "sm" })}
                disabled={submitting}
              />
            )}
          </Field>
          <label className="flex items-center gap-2 text-sm">
            <input
              {...getInputProps(fields.verified, { type: "checkbox" })}
              className="size-4 accent-brand-600"
              disabled={submitting}
            />
            I checked this result myself (shows a Verified badge)
          </label>
          <div className="flex justify-end gap-2 pt-2">
            <Button variant="neutral" size="md" onClick={onClose} disabled={submitting} className="font-normal">
              Cancel
            </Button>
            <Button type="submit" size="md" disabled={submitting} className="disabled:opacity-60">
              {submitting ? "Saving..." : editing ? "Save Changes" : "Save Draft"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
