import { Loader2, Lock, TriangleAlert } from "lucide-react";
import { type ComponentProps, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/components/ui/toast";
import { useActionToast } from "~/components/admin/use-action-toast";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { TitledCard } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { cn } from "~/lib/cn";
import { plural } from "~/lib/plural";

const LABELS = {
  orders: "All Orders & Order History",
  plans: "All Service Plans",
  "settings.all": "All Settings & Configurations",
  "settings.smm": "SMM Panel Settings",
  "settings.payment": "Payment Settings",
} as const;
type Option = keyof typeof LABELS;

/** Parts of the settings, each deleted alone unless all settings are. */
const SETTINGS_PARTS = ["settings.smm", "settings.payment"] as const;

/** What each deletion's confirmation asks. */
const CONFIRMATIONS = {
  selected: { title: "Confirm Selective Deletion", confirmLabel: "Delete Selected" },
  all: { title: "Final Confirmation - Delete Everything", confirmLabel: "Yes, Delete Everything" },
} as const;

/** The spec's Dangerous Zone. The server backs up whatever it deletes first. */
export function DangerZone() {
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  const [selected, setSelected] = useState<Set<Option>>(new Set());
  const [confirm, setConfirm] = useState<"selected" | "all" | null>(null);
  const [lastKind, setLastKind] = useState<"selected" | "all">("selected");
  const working = fetcher.state !== "idle";
  // The deletion being confirmed; while the dialog closes, the one last sent.
  const asking = confirm ?? lastKind;
  const intent = fetcher.formData?.get("intent");
  const failure = lastKind === "all" ? "Failed to delete data" : "Failed to delete selected data";
  useActionToast(fetcher, {
    failureTitle: failure,
    onSuccess: () => {
      setSelected(new Set());
      setConfirm(null);
    },
  });

  const allSettings = selected.has("settings.all");
  // 'All settings' supersedes the sub-options, so they are neither counted nor sent.
  const effective = [...selected].filter((o) => !(allSettings && (SETTINGS_PARTS as readonly Option[]).includes(o)));

  function toggle(option: Option, on: boolean) {
    const next = new Set(selected);
    if (on) next.add(option);
    else next.delete(option);
    setSelected(next);
  }

  function submit(kind: "selected" | "all") {
    const data = new FormData();
    data.set("intent", kind === "all" ? "delete-all" : "delete-selected");
    setLastKind(kind);
    if (kind === "selected") {
      if (effective.length === 0) {
        toast.error("Please select at least one item to delete");
        return;
      }
      for (const o of effective) data.append("deleteOptions", o);
    }
    void fetcher.submit(data, { method: "post" });
  }

  return (
    <TitledCard
      title={
        <>
          <TriangleAlert className="size-5" aria-hidden /> Dangerous Zone
        </>
      }
      headingId="danger-title"
      headingClassName="flex items-center gap-2 text-lg font-semibold text-red-800"
      radius="lg"
      shadow="none"
      className="border-2 border-red-200 bg-red-50/40"
    >
      <p className="mt-1 text-sm text-gray-700">
        Permanently delete data. A backup of everything deleted is written first and listed below for download.
      </p>

      <div className="mt-4 space-y-2">
        <Option id="orders" checked={selected.has("orders")} onChange={toggle} />
        <Option id="plans" checked={selected.has("plans")} onChange={toggle} />
        <Option id="settings.all" checked={allSettings} onChange={toggle} />
        <div className="ml-7 space-y-2">
          {SETTINGS_PARTS.map((id) => (
            <Option key={id} id={id} checked={selected.has(id)} disabled={allSettings} onChange={toggle} />
          ))}
        </div>
        <p className="flex items-center gap-2 text-sm text-gray-600">
          <Lock className="size-4" aria-hidden /> Admin Authentication — protected, cannot be deleted
        </p>
      </div>

      <div className="mt-5 flex flex-wrap gap-3">
        {effective.length > 0 && (
          <DeleteButton
            variant="destroy"
            working={working && intent === "delete-selected"}
            workingLabel="Deleting Selected Data..."
            disabled={working}
            onClick={() => setConfirm("selected")}
          >
            {`Delete Selected Data (${plural(effective.length, "item")})`}
          </DeleteButton>
        )}
        <DeleteButton
          variant="dangerOutline"
          working={working && intent === "delete-all"}
          workingLabel="Deleting All Data..."
          disabled={working}
          onClick={() => setConfirm("all")}
          className="border-2 border-red-700 text-red-800 hover:bg-red-100"
        >
          Delete ALL Data (Everything)
        </DeleteButton>
      </div>

      <ConfirmDialog
        open={confirm !== null}
        tone="alarm"
        {...CONFIRMATIONS[asking]}
        working={working}
        onCancel={() => setConfirm(null)}
        onConfirm={() => submit(asking)}
      >
        {asking === "selected" ? (
          <>
            <p>The following will be permanently deleted:</p>
            <ul className="list-disc pl-5">
              {effective.map((o) => (
                <li key={o}>{LABELS[o]}</li>
              ))}
            </ul>
          </>
        ) : (
          <p>
            This deletes all orders, customers, payments, plans and settings. Only the admin login stays. A backup is
            written first.
          </p>
        )}
      </ConfirmDialog>
    </TitledCard>
  );
}

function Option(props: {
  id: Option;
  checked: boolean;
  disabled?: boolean;
  onChange: (id: Option, on: boolean) => void;
}) {
  const htmlId = `delete-${props.id.replace(".", "-")}`;
  return (
    <div className="flex items-center gap-3">
      <Checkbox
        id={htmlId}
        tone="danger"
        checked={props.checked}
        disabled={props.disabled}
        onCheckedChange={(v) => props.onChange(props.id, v === true)}
      />
      <label htmlFor={htmlId} className={`text-sm ${props.disabled ? "text-gray-500" : ""}`}>
        {LABELS[props.id]}
      </label>
    </div>
  );
}

/** Opens a deletion's confirmation; while that deletion runs it spins and says so. */
function DeleteButton({
  working,
  workingLabel,
  className,
  children,
  ...props
}: ComponentProps<typeof Button> & { working: boolean; workingLabel: string }) {
  return (
    <Button size="md" className={cn("disabled:opacity-60", className)} {...props}>
      {working ? (
        <>
          <Loader2 className="size-4 animate-spin" aria-hidden /> {workingLabel}
        </>
      ) : (
        children
      )}
    </Button>
  );
}
