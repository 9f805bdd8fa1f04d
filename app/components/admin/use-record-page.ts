import { useState } from "react";
import { type EntityDialogProps, useAddressDialog } from "./entity-dialog";
import { type ActionResult, useActionToast } from "./use-action-toast";

/** The page's fetcher, as React Router hands it over. */
interface RecordFetcher {
  state: string;
  data?: ActionResult | undefined;
  submit: (target: FormData, options: { method: "post" }) => Promise<void>;
}

/**
 * A page of records with an Add/Edit dialog and buttons on each record (Plans,
 * Coupons, Panels, Receiving accounts): the dialog the address opens
 * (`?plan=new`, `?plan=7`), the record waiting for its delete to be confirmed,
 * one toast when the page's fetcher settles (closing both on a success), and
 * the forms sent to the page's action.
 */
export function useRecordPage<T, I extends string>(
  fetcher: RecordFetcher,
  /** The address's key: `?plan=…`. */
  key: string,
  records: readonly T[],
  idOf: (record: T) => number | string,
  /** The toast's title when an intent fails (none: the action's message alone). */
  failures?: Partial<Record<I, string>>,
) {
  const dialog = useAddressDialog<T>(key, (id) => records.find((record) => String(idOf(record)) === id));
  const [deleting, setDeleting] = useState<T | null>(null);
  const [lastIntent, setLastIntent] = useState<I | null>(null);
  const busy = fetcher.state !== "idle";
  useActionToast(fetcher, {
    failureTitle: lastIntent ? failures?.[lastIntent] : undefined,
    onSuccess: () => {
      dialog.close();
      setDeleting(null);
    },
  });
  const submit = (form: FormData) => {
    setLastIntent(form.get("intent") as I);
    void fetcher.submit(form, { method: "post" });
  };
  const { editing } = dialog;
  const editor: Omit<EntityDialogProps<T>, "answer"> & { answer: RecordFetcher } = {
    editing: editing && editing !== "new" ? { id: idOf(editing), item: editing } : null,
    submitting: busy,
    answer: fetcher,
    inline: dialog.inline,
    onClose: dialog.close,
    onSubmit: submit,
  };
  return {
    busy,
    submit,
    /** Sends `intent` about one record (its id). */
    act: (intent: I, record: T) => {
      const form = new FormData();
      form.set("intent", intent);
      form.set("id", String(idOf(record)));
      submit(form);
    },
    deleting,
    setDeleting,
    /** A whole-page post's success (`SavedNotice`), until the page's fetcher answers. */
    saved: fetcher.data ? null : dialog.saved,
    addLink: dialog.link("new", "new"),
    editLink: (record: T) => dialog.link(idOf(record), record, busy),
    /** The dialog's props while it is open (spread into the record's dialog), else null. */
    editor: editing ? editor : null,
  };
}
