import { createTestimonialForm, updateTestimonialForm } from "~/domain/social-proof/forms";
import type { Testimonial } from "~/domain/social-proof/types";
import { type EntityDialogProps, useEntityForm } from "~/components/admin/entity-dialog";
import { DraftDialog } from "./draft-dialog";
import { SelectField, TextField, TextareaField } from "~/components/forms";

export const LANGUAGE_LABELS = { en: "English", hi: "Hindi", hinglish: "Hinglish" } as const;

const RATINGS = [5, 4, 3, 2, 1].map((n) => [n, `${n} of 5`] as const);

export function TestimonialDialog(dialog: EntityDialogProps<Testimonial>) {
  // The form's fields are the testimonial's own.
  const { fields, frame } = useEntityForm(
    "testimonial",
    dialog,
    { create: createTestimonialForm, update: updateTestimonialForm },
    { blank: { rating: "5", language: "en" }, of: (item) => ({ ...item, rating: String(item.rating) }) },
  );
  return (
    <DraftDialog kind="testimonial" editing={dialog.editing !== null} frame={frame}>
      <TextField field={fields.name} label="Customer name" />
      <TextField field={fields.handle} label="Instagram handle" placeholder="e.g. @priya.creates" />
      <TextareaField field={fields.content} label="What they said" rows={4} />
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField field={fields.rating} label="Rating" options={RATINGS} />
        <TextField field={fields.date} label="Date given" type="date" />
        <SelectField field={fields.language} label="Language" options={Object.entries(LANGUAGE_LABELS)} />
      </div>
    </DraftDialog>
  );
}
