import { type FormMetadata, getFormProps } from "@conform-to/react";
import { X } from "lucide-react";
import { type ReactNode, useRef } from "react";
import type { z } from "zod";
import { Refusals } from "~/components/forms";
import { useFieldErrors } from "~/components/admin/use-field-errors";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { useSchemaForm } from "~/lib/use-schema-form";

/** What the page hands a record's dialog: the record being edited (none: a new one) and what to do with the form. */
export interface EntityDialogProps<T> {
  editing: { id: number; item: T } | null;
  submitting: boolean;
  onClose: () => void;
  /** The form the page's action reads, already valid by the schema the server checks it with. */
  onSubmit: (form: FormData) => void;
}

interface Props<S extends Record<string, unknown>> {
  title: string;
  description: ReactNode;
  /** conform's form: its id, the browser's check, and the valid submission handed to the page. */
  form: FormMetadata<S, string[]>;
  /** The action's intent ("create", "proof.update"…), sent with the form. */
  intent: string;
  /** The record being edited; none when adding. */
  id?: number | string;
  /** The page's request is under way: the form is disabled and the dialog stays open. */
  submitting: boolean;
  /** The submit button's text when not saving. */
  submitLabel: string;
  onClose: () => void;
  /** The page's fetcher: a refusal that names a field is shown under that field, which gets the focus. */
  answer?: { state: string; data?: unknown };
  /** One field line each (app/components/forms.tsx). */
  children: ReactNode;
}

/**
 * The Add/Edit dialog of one record (a plan, a testimonial, a proof card):
 * title, a close button, the form's fields, Cancel and Save. While the page
 * saves, every control is disabled and neither Escape nor a click outside
 * closes it, so a save is never half-seen.
 */
export function EntityDialog<S extends Record<string, unknown>>({
  title,
  description,
  form,
  intent,
  id,
  submitting,
  submitLabel,
  onClose,
  answer = { state: "idle" },
  children,
}: Props<S>) {
  const formRef = useRef<HTMLFormElement>(null);
  const refused = useFieldErrors(answer, formRef);
  return (
    <Dialog open onOpenChange={(open) => !open && !submitting && onClose()}>
      <DialogContent overlayClassName="z-50 bg-black/40">
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription className="text-gray-600">{description}</DialogDescription>
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
        <form {...getFormProps(form)} ref={formRef} className="mt-4">
          <input type="hidden" name="intent" value={intent} />
          {id !== undefined && <input type="hidden" name="id" value={id} />}
          <fieldset disabled={submitting} className="min-w-0 space-y-4">
            <Refusals value={refused}>{children}</Refusals>
            <div className="flex justify-end gap-2 pt-2">
              <Button variant="neutral" size="md" onClick={onClose} className="font-normal">
                Cancel
              </Button>
              <Button type="submit" size="md" className="disabled:opacity-60">
                {submitting ? "Saving..." : submitLabel}
              </Button>
            </div>
          </fieldset>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The form of a record's Add/Edit dialog, checked by the schema the page's
 * action reads: adding, the create schema and a new record's defaults;
 * editing, the update schema and the record's own values. Its id says which
 * (`plan-add`, `plan-edit-7`), so the dialog opened on another record starts
 * afresh.
 */
export function useEntityForm<C extends z.ZodObject, U extends z.ZodObject, T>(
  /** The id's prefix: "plan", "testimonial", "proof". */
  name: string,
  editing: { id: number | string; item: T } | null,
  schemas: { create: C; update: U },
  values: {
    /** A new record's defaults. */
    blank: Partial<z.input<C>>;
    /** The record as the form shows it. */
    of: (item: T) => Partial<z.input<U>>;
  },
  onValid: (form: FormData) => void,
) {
  return useSchemaForm<C | U>(editing ? schemas.update : schemas.create, {
    id: editing ? `${name}-edit-${editing.id}` : `${name}-add`,
    defaultValue: editing ? values.of(editing.item) : values.blank,
    onValid,
  });
}
