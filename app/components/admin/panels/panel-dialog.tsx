import { Loader2, PlugZap } from "lucide-react";
import { useFetcher } from "react-router";
import { type PanelBalance, formatPanelBalance } from "~/components/admin/panel-balance";
import { EntityDialog, type EntityDialogProps, useEntityForm } from "~/components/admin/entity-dialog";
import { SelectField, TextField } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { PANEL_FIELDS, PANEL_FIELD_NAMES } from "~/domain/panel/fields";
import {
  POST_LINK_FORMS,
  POST_LINK_FORM_LABELS,
  PROFILE_LINK_FORMS,
  PROFILE_LINK_FORM_LABELS,
} from "~/domain/panel/link-forms";
import type { AdminPanel } from "~/domain/panel/panel-admin.server";
import { panelFormSchema } from "~/domain/panel/panel-form";
import { plural } from "~/lib/plural";

type TestAnswer =
  | { intent: "test"; ok: true; balance: PanelBalance; servicesCount: number }
  | { intent: "test"; ok: false; message: string; suggestion?: { url: string; message: string } };

/** A new panel's fields: each field's declared default (panel/fields.ts). */
const BLANK = Object.fromEntries(PANEL_FIELD_NAMES.map((name) => [name, PANEL_FIELDS[name].default]));

/** A saved panel as its form shows it: its fields, the key empty (typed again, or kept). */
function panelFormValues(panel: AdminPanel) {
  return { ...panel, id: String(panel.id), apiKey: "" };
}

const PROFILE = PROFILE_LINK_FORMS.map((v) => [v, PROFILE_LINK_FORM_LABELS[v]] as const);
const POST = POST_LINK_FORMS.map((v) => [v, POST_LINK_FORM_LABELS[v]] as const);

/**
 * Add or edit a panel, on the admin's form kit (ADR 0025, 0030): the record
 * dialog, a line per field, the schema the Panels action reads checked in the
 * browser as the operator types. The URL exactly as pasted, the key kept
 * secret (empty keeps the saved one). A save that sets a URL or a key asks for
 * the password again when it was not typed in the last 15 minutes (the page's
 * PasswordAgainProvider, as Settings does).
 */
export function PanelDialog(dialog: EntityDialogProps<AdminPanel>) {
  const panel = dialog.editing?.item ?? null;
  const { form, fields, frame } = useEntityForm(
    "panel",
    dialog,
    { create: panelFormSchema, update: panelFormSchema },
    { blank: BLANK, of: panelFormValues },
  );
  const label = (name: keyof typeof PANEL_FIELDS) => PANEL_FIELDS[name].label;

  return (
    <EntityDialog
      {...frame}
      title={panel ? `Edit ${panel.name}` : "Add panel"}
      description="Paste the API URL exactly as your panel's API page shows it. The key is never shown again once saved."
      intent="save"
      submitLabel={panel ? "Save panel" : "Add panel"}
    >
      <TextField field={fields.name} label="Name" placeholder="e.g. JAP (USD)" />
      <TextField
        field={fields.apiUrl}
        label={label("apiUrl")}
        inputMode="url"
        placeholder="e.g. https://panel.example/api/v2"
      />
      <TextField
        field={fields.apiKey}
        label={label("apiKey")}
        type="password"
        autoComplete="off"
        placeholder={panel?.keyHint ? `Saved: ${panel.keyHint} (leave empty to keep)` : ""}
      />
      <TestConnection
        formId={form.id}
        panelId={panel?.id}
        onUseUrl={(url) => form.update({ name: "apiUrl", value: url })}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField field={fields.currency} label={label("currency")} placeholder="e.g. INR or USD" />
        <TextField field={fields.inrRate} label={label("inrRate")} inputMode="decimal" placeholder="e.g. 83.25" />
      </div>
      <fieldset className="grid min-w-0 grid-cols-2 gap-3">
        <legend className="mb-1 text-sm font-semibold">Default service per type</legend>
        <TextField field={fields.serviceFollowers} label={label("serviceFollowers")} inputMode="numeric" />
        <TextField field={fields.serviceLikes} label={label("serviceLikes")} inputMode="numeric" />
        <TextField field={fields.serviceViews} label={label("serviceViews")} inputMode="numeric" />
        <TextField field={fields.serviceComments} label={label("serviceComments")} inputMode="numeric" />
        <TextField field={fields.serviceCustomComments} label={label("serviceCustomComments")} inputMode="numeric" />
      </fieldset>
      <fieldset className="grid min-w-0 grid-cols-2 gap-3">
        <legend className="mb-1 text-sm font-semibold">Links sent as</legend>
        <SelectField field={fields.linkFollowers} label={label("linkFollowers")} options={PROFILE} />
        <SelectField field={fields.linkLikes} label={label("linkLikes")} options={POST} />
        <SelectField field={fields.linkViews} label={label("linkViews")} options={POST} />
        <SelectField field={fields.linkComments} label={label("linkComments")} options={POST} />
      </fieldset>
    </EntityDialog>
  );
}

/**
 * Test connection: the URL and key typed in the dialog (empty: the saved
 * ones), tried without saving; a nearby address that answers as a panel API
 * is offered, never applied until the operator taps it.
 */
function TestConnection({
  formId,
  panelId,
  onUseUrl,
}: {
  formId: string;
  panelId: number | undefined;
  onUseUrl: (url: string) => void;
}) {
  const tester = useFetcher<TestAnswer>();
  const testing = tester.state !== "idle";
  const tested = testing ? undefined : tester.data;

  function test() {
    const form = document.getElementById(formId) as HTMLFormElement | null;
    const value = (name: string) => (form?.elements.namedItem(name) as HTMLInputElement | null)?.value ?? "";
    const data = new FormData();
    data.set("intent", "test");
    if (panelId) data.set("id", String(panelId));
    data.set("apiUrl", value("apiUrl"));
    data.set("apiKey", value("apiKey"));
    void tester.submit(data, { method: "post" });
  }

  return (
    <div>
      <Button variant="neutral" size="sm" onClick={test} disabled={testing}>
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
              className="mt-2 h-auto max-w-full whitespace-normal text-left break-all"
              onClick={() => onUseUrl(tested.suggestion!.url)}
            >
              Use {tested.suggestion.url}
            </Button>
          </div>
        )}
        {tested?.ok === true && (
          <p className="mt-2 rounded-lg border border-green-200 bg-green-50 p-2 text-sm text-green-900">
            <span className="font-semibold">Connected.</span> Balance: {formatPanelBalance(tested.balance)} ·{" "}
            {plural(tested.servicesCount, "service")}
          </p>
        )}
      </div>
    </div>
  );
}
