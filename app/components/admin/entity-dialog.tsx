import { type FormMetadata, getFormProps } from "@conform-to/react";
import { X } from "lucide-react";
import { type ReactNode, useId, useRef, useState } from "react";
import { useActionData, useLocation, useSearchParams } from "react-router";
import type { z } from "zod";
import { type PageFormAnswer, PageFormRefusals, usePageFormAction } from "~/components/admin/page-form";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  dialogDescriptionClass,
  dialogTitleClass,
} from "~/components/ui/dialog";
import { type PageRefusal, usePageRefusal, useSchemaForm } from "~/lib/use-schema-form";

/** What the page hands a record's dialog: the record being edited (none: a new one) and what to do with the form. */
export interface EntityDialogProps<T> {
  editing: { id: number | string; item: T } | null;
  submitting: boolean;
  onClose: () => void;
  /** The form the page's action reads, already valid by the schema the server checks it with. */
  onSubmit: (form: FormData) => void;
  /** The page's fetcher: a refusal that names a field is shown under that field. */
  answer?: { state: string; data?: unknown };
  /** Opened by the page's address (`useAddressDialog`): drawn in the page. */
  inline?: { closeHref: string };
}

/** What `useEntityForm` hands EntityDialog (its `frame`): the form, the record's id, and the page's state. */
export type EntityFrame<S extends Record<string, unknown>> = Omit<
  Props<S>,
  "title" | "description" | "intent" | "submitLabel" | "children"
>;

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
  /** The page's own answer to this form posted as a whole page (`useEntityForm`'s `page`). */
  page?: PageRefusal;
  /**
   * Opened by the page's address (`closeHref` without it): drawn in the page rather than as a modal, so it
   * stands before the page's scripts run (a link followed, a whole-page post's answer) and stays put once they do.
   */
  inline?: { closeHref: string };
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
  page,
  inline,
  children,
}: Props<S>) {
  const formRef = useRef<HTMLFormElement>(null);
  const titleId = useId();
  const action = usePageFormAction(form.id);
  const fetched = answer.state === "idle" ? (answer.data as PageFormAnswer | undefined) : undefined;
  const byPage = !fetched && page !== undefined;
  // Posted as a whole page before the page's scripts ran, it is answered in the page (issue 45), as Settings' forms are.
  const body = (
    <form {...getFormProps(form)} method="post" action={action} ref={formRef} className="mt-4">
      <input type="hidden" name="intent" value={intent} />
      {id !== undefined && <input type="hidden" name="id" value={id} />}
      <fieldset disabled={submitting} className="min-w-0 space-y-4">
        <PageFormRefusals state={answer.state} answer={fetched ?? page} byPage={byPage} form={formRef}>
          {children}
        </PageFormRefusals>
        <div className="flex justify-end gap-2 pt-2">
          {inline ? (
            <Button asChild variant="neutral" size="md" className="font-normal">
              <a href={inline.closeHref} onClick={openInPlace(onClose)}>
                Cancel
              </a>
            </Button>
          ) : (
            <Button variant="neutral" size="md" onClick={onClose} className="font-normal">
              Cancel
            </Button>
          )}
          <Button type="submit" size="md" className="disabled:opacity-60">
            {submitting ? "Saving..." : submitLabel}
          </Button>
        </div>
      </fieldset>
    </form>
  );
  if (inline) {
    return (
      <Card asChild radius="lg">
        <section id={`${form.id}-section`} aria-labelledby={titleId} className="scroll-mt-20">
          <h2 id={titleId} className={dialogTitleClass}>
            {title}
          </h2>
          <p className={dialogDescriptionClass}>{description}</p>
          {body}
        </section>
      </Card>
    );
  }
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
        {body}
      </DialogContent>
    </Dialog>
  );
}

/**
 * The click of a link that opens a record's dialog (`?plan=new`): once the
 * page's scripts run the dialog opens in place; before, the link is followed
 * and the page opens with the dialog in it (`inline`).
 */
export function openInPlace(open: () => void) {
  return (event: { preventDefault(): void }) => {
    event.preventDefault();
    open();
  };
}

/**
 * The record dialog a page's address opens (`?plan=new`, `?plan=7`): the
 * Add/Edit links' `href`, their click (`open`, in place once the page's
 * scripts run), the record being edited, and `inline` when the address opened
 * it (a link followed, or a refused whole-page post), unless a whole-page post
 * just saved it (`saved`, its message said in the page by `SavedNotice`).
 */
export function useAddressDialog<T>(key: string, find: (id: string) => T | undefined) {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const saved = useActionData<{ ok?: boolean; message?: string }>();
  const [inline, setInline] = useState(() => params.has(key) && saved?.ok !== true);
  const [editing, setEditing] = useState<T | "new" | null>(() => {
    const opened = inline ? params.get(key) : null;
    return opened === "new" ? "new" : opened === null ? null : (find(opened) ?? null);
  });
  const close = () => {
    setEditing(null);
    if (inline) {
      setInline(false);
      setParams((p) => (p.delete(key), p), { replace: true, preventScrollReset: true });
    }
  };
  return {
    editing,
    close,
    /** The link's address and click that open the record's dialog ("new": adding one). */
    link: (id: string | number, record: T | "new", disabled = false) => ({
      href: `?${key}=${id}`,
      "aria-disabled": disabled || undefined,
      onClick: openInPlace(() => !disabled && setEditing(record)),
    }),
    inline: inline ? { closeHref: pathname } : undefined,
    saved: saved?.ok === true && typeof saved.message === "string" ? saved.message : null,
  };
}

/** An Add/Edit link's props (`useAddressDialog`'s `link`): its address, and its click once the page's scripts run. */
export type AddressLink = ReturnType<ReturnType<typeof useAddressDialog>["link"]>;

/** A whole-page post's success, said where the page's list starts (a fetcher's is a toast). */
export function SavedNotice({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="status" className="rounded-lg border border-green-200 bg-green-50 p-3 text-sm text-green-900">
      {message}
    </p>
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
  /** What the page handed the dialog. */
  { editing, onSubmit, ...dialog }: EntityDialogProps<T>,
  schemas: { create: C; update: U },
  values: {
    /** A new record's defaults. */
    blank: Partial<z.input<C>>;
    /** The record as the form shows it. */
    of: (item: T) => Partial<z.input<U>>;
  },
) {
  const schema = editing ? schemas.update : schemas.create;
  // The page's answer to this very form posted as a whole page: its intent, and the record it was about.
  const answered = usePageRefusal(schema);
  const sentId = answered?.result?.initialValue?.id;
  const page = answered && (editing ? sentId === String(editing.id) : sentId === undefined) ? answered : undefined;
  const { form, fields } = useSchemaForm<C | U>(schema, {
    id: editing ? `${name}-edit-${editing.id}` : `${name}-add`,
    actionData: page,
    defaultValue: editing ? values.of(editing.item) : values.blank,
    onValid: onSubmit,
  });
  /** Spread into EntityDialog: the form, the record's id, and the page's state. */
  const frame = { form, page, id: editing?.id, ...dialog };
  return { form, fields, page, frame };
}
