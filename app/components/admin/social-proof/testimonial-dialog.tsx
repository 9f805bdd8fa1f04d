import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { X } from "lucide-react";
import { createTestimonialForm, updateTestimonialForm } from "~/domain/social-proof/forms";
import type { Testimonial } from "~/domain/social-proof/types";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Input, inputVariants } from "~/components/ui/input";
import { useSchemaForm } from "~/lib/use-schema-form";

export const LANGUAGE_LABELS = { en: "English", hi: "Hindi", hinglish: "Hinglish" } as const;

interface Props {
  /** null: a new testimonial. */
  editing: { id: number; item: Testimonial } | null;
  submitting: boolean;
  onClose: () => void;
  onSubmit: (form: FormData) => void;
}

export function TestimonialDialog({ editing, submitting, onClose, onSubmit }: Props) {
  const { form, fields } = useSchemaForm(editing ? updateTestimonialForm : createTestimonialForm, {
    id: editing ? `testimonial-edit-${editing.id}` : "testimonial-add",
    defaultValue: editing
      ? {
          intent: "testimonial.update",
          name: editing.item.name,
          handle: editing.item.handle,
          content: editing.item.content,
          rating: String(editing.item.rating),
          date: editing.item.date,
          language: editing.item.language,
        }
      : { intent: "testimonial.create", rating: "5", language: "en" },
    onValid: onSubmit,
  });
  return (
    <Dialog open onOpenChange={(open) => !open && !submitting && onClose()}>
      <DialogContent overlayClassName="z-50 bg-black/40" className="max-h-[90vh] overflow-y-auto">
        <DialogTitle>{editing ? "Edit testimonial" : "Add testimonial"}</DialogTitle>
        <DialogDescription className="text-gray-600">
          Only a real customer&apos;s words, published with their consent. It is saved as a draft until you publish it.
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
          <Field label="Customer name" id={fields.name.id} error={fields.name.errors?.[0]} size="sm">
            {(control) => (
              <Input {...getInputProps(fields.name, { type: "text" })} {...control} size="sm" disabled={submitting} />
            )}
          </Field>
          <Field label="Instagram handle" id={fields.handle.id} error={fields.handle.errors?.[0]} size="sm">
            {(control) => (
              <Input
                {...getInputProps(fields.handle, { type: "text" })}
                {...control}
                size="sm"
                placeholder="@username"
                disabled={submitting}
              />
            )}
          </Field>
          <Field label="What they said" id={fields.content.id} error={fields.content.errors?.[0]} size="sm">
            {(control) => (
              <textarea
                {...getTextareaProps(fields.content)}
                {...control}
                rows={4}
                className={inputVariants({ size: "sm" })}
                disabled={submitting}
              />
            )}
          </Field>
          <div className="grid gap-4 sm:grid-cols-3">
            <Field label="Rating" id={fields.rating.id} error={fields.rating.errors?.[0]} size="sm">
              {(control) => (
                <select
                  {...getSelectProps(fields.rating)}
                  {...control}
                  className={inputVariants({ size: "sm" })}
                  disabled={submitting}
                >
                  {[5, 4, 3, 2, 1].map((n) => (
                    <option key={n} value={n}>
                      {n} of 5
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label="Date given" id={fields.date.id} error={fields.date.errors?.[0]} size="sm">
              {(control) => (
                <Input {...getInputProps(fields.date, { type: "date" })} {...control} size="sm" disabled={submitting} />
              )}
            </Field>
            <Field label="Language" id={fields.language.id} error={fields.language.errors?.[0]} size="sm">
              {(control) => (
                <select
                  {...getSelectProps(fields.language)}
                  {...control}
                  className={inputVariants({ size: "sm" })}
                  disabled={submitting}
                >
                  {Object.entries(LANGUAGE_LABELS).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
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
