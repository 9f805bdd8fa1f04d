import { Loader2, PlugZap } from "lucide-react";
import { useRef } from "react";
import { useFetcher } from "react-router";
import { type PanelBalance, formatPanelBalance } from "~/components/admin/panel-balance";
import { useFieldErrors } from "~/components/admin/use-field-errors";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Input, inputVariants } from "~/components/ui/input";
import type { AdminPanel } from "~/domain/panel/panel-admin.server";
import {
  POST_LINK_FORMS,
  POST_LINK_FORM_LABELS,
  PROFILE_LINK_FORMS,
  PROFILE_LINK_FORM_LABELS,
} from "~/domain/panel/link-forms";
import { plural } from "~/lib/plural";

type TestAnswer =
  | { intent: "test"; ok: true; balance: PanelBalance; services: unknown[] }
  | { intent: "test"; ok: false; message: string; suggestion?: { url: string; message: string } };

interface Props {
  /** null: add a panel. */
  panel: AdminPanel | null;
  submitting: boolean;
  /** The page's fetcher: a refusal that names a field is shown under it. */
  answer: { state: string; data?: unknown };
  onClose: () => void;
  onSubmit: (form: FormData) => void;
}

const select = inputVariants({ size: "md" });

/** Add or edit a panel: the URL exactly as pasted, the key kept secret (empty keeps the saved one). */
export function PanelDialog({ panel, submitting, answer, onClose, onSubmit }: Props) {
  const formRef = useRef<HTMLFormElement>(null);
  const errorOf = useFieldErrors(answer, formRef);
  const tester = useFetcher<TestAnswer>();
  const testing = tester.state !== "idle";
  const tested = testing ? undefined : tester.data;

  function test() {
    const form = formRef.current!;
    const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement | null)?.value ?? "";
    const data = new FormData();
    data.set("intent", "test");
    if (panel) data.set("id", String(panel.id));
    data.set("apiUrl", value("apiUrl"));
    data.set("apiKey", value("apiKey"));
    void tester.submit(data, { method: "post" });
  }

  function fillSuggested(url: string) {
    const input = formRef.current?.elements.namedItem("apiUrl") as HTMLInputElement | null;
    if (!input) return;
    input.value = url;
    input.focus();
  }

  const text = (name: string, label: string, value: string, extra: Record<string, unknown> = {}) => (
    <Field label={label} error={errorOf(name)}>
      {(control) => <Input size="md" {...control} name={name} defaultValue={value} {...extra} />}
    </Field>
  );
  const choice = (name: string, label: string, value: string, options: readonly (readonly [string, string])[]) => (
    <Field label={label} error={errorOf(name)}>
      {(control) => (
        <select {...control} name={name} defaultValue={value} className={select}>
          {options.map(([v, l]) => (
            <option key={v} value={v}>
              {l}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  const profile = PROFILE_LINK_FORMS.map((v) => [v, PROFILE_LINK_FORM_LABELS[v]] as const);
  const post = POST_LINK_FORMS.map((v) => [v, POST_LINK_FORM_LABELS[v]] as const);

  return (
    <Dialog open onOpenChange={(open) => !open && !submitting && onClose()}>
      <DialogContent overlayClassName="z-50 bg-black/40" className="max-h-[90vh] overflow-y-auto">
        <DialogTitle>{panel ? `Edit ${panel.name}` : "Add panel"}</DialogTitle>
        <DialogDescription>
          Paste the API URL exactly as your panel's API page shows it. The key is never shown again once saved.
        </DialogDescription>
        <form
          ref={formRef}
          method="post"
          noValidate
          className="mt-4 space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            onSubmit(new FormData(e.currentTarget));
          }}
        >
          <input type="hidden" name="intent" value="save" />
          {panel && <input type="hidden" name="id" value={panel.id} />}
          {text("name", "Name", panel?.name ?? "", { placeholder: "e.g. JAP (USD)" })}
          {text("apiUrl", "API URL", panel?.apiUrl ?? "", {
            placeholder: "https://panel.example/api/v2",
            inputMode: "url",
          })}
          {text("apiKey", "API key", "", {
            type: "password",
            autoComplete: "off",
            placeholder: panel?.keyHint ? `Saved: ${panel.keyHint} (leave empty to keep)` : "",
          })}
          <div>
            <Button variant="neutral" size="sm" type="button" onClick={test} disabled={testing}>
              {testing ? (
                <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
              ) : (
                <PlugZap className="h-4 w-4" aria-hidden />
              )}
              {testing ? "Testing..." : "Test connection"}
            </Button>
            <div aria-live="polite">
              {tested?.ok === false && (
                <p role="alert" className="mt-2 rounded-lg border border-red-200 bg-red-50 p-2 text-sm text-red-800">
                  <span className="font-semibold">Connection failed:</span> {tested.message}
                </p>
              )}
              {tested?.ok === false && tested.suggestion && (
                <div className="mt-2 rounded-lg border border-amber-200 bg-amber-50 p-2 text-sm">
                  <p>{tested.suggestion.message}</p>
                  <Button
                    variant="neutral"
                    size="sm"
                    type="button"
                    className="mt-2 h-auto max-w-full whitespace-normal text-left break-all"
                    onClick={() => fillSuggested(tested.suggestion!.url)}
                  >
                    Use {tested.suggestion.url}
                  </Button>
                </div>
              )}
              {tested?.ok === true && (
                <p className="mt-2 rounded-lg border border-green-200 bg-green-50 p-2 text-sm text-green-900">
                  <span className="font-semibold">Connected.</span> Balance: {formatPanelBalance(tested.balance)} ·{" "}
                  {plural(tested.services.length, "service")}
                </p>
              )}
            </div>
          </div>
          <div className="grid grid-cols-2 gap-3">
            {text("currency", "Currency", panel?.currency ?? "INR", { placeholder: "INR" })}
            {text("inrRate", "INR per unit (non-INR panels)", panel?.inrRate ?? "", {
              placeholder: "83.25",
              inputMode: "decimal",
            })}
          </div>
          <fieldset className="grid grid-cols-2 gap-3">
            <legend className="mb-1 text-sm font-semibold">Default service per type</legend>
            {text("serviceFollowers", "Followers service ID", panel?.serviceFollowers ?? "", { inputMode: "numeric" })}
            {text("serviceLikes", "Likes service ID", panel?.serviceLikes ?? "", { inputMode: "numeric" })}
            {text("serviceViews", "Views service ID", panel?.serviceViews ?? "", { inputMode: "numeric" })}
            {text("serviceComments", "Comments service ID", panel?.serviceComments ?? "", { inputMode: "numeric" })}
            {text("serviceCustomComments", "Custom comments service ID", panel?.serviceCustomComments ?? "", {
              inputMode: "numeric",
            })}
          </fieldset>
          <fieldset className="grid grid-cols-2 gap-3">
            <legend className="mb-1 text-sm font-semibold">Links sent as</legend>
            {choice("linkFollowers", "Followers link", panel?.linkFollowers ?? "profile_url", profile)}
            {choice("linkLikes", "Likes link", panel?.linkLikes ?? "as_given", post)}
            {choice("linkViews", "Views link", panel?.linkViews ?? "as_given", post)}
            {choice("linkComments", "Comments link", panel?.linkComments ?? "as_given", post)}
          </fieldset>
          <div className="flex justify-end gap-2 pt-2">
            <Button variant="neutral" size="md" type="button" onClick={onClose} disabled={submitting}>
              Cancel
            </Button>
            <Button size="md" type="submit" disabled={submitting}>
              {submitting ? "Saving..." : panel ? "Save panel" : "Add panel"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
