import { X } from "lucide-react";
import { useState } from "react";
import type { ApiPlan } from "~/domain/plans/admin.server";
import { SUGGESTED_TAGS, createPlanFormSchema, updatePlanFormSchema } from "~/domain/plans/plan-form";
import { SERVICE_TYPES, type ServiceType } from "~/domain/panel/service-types";
import { badgeVariants } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { CheckboxField, SelectField, TextField } from "~/components/forms";
import { EntityDialog, type EntityDialogProps, useEntityForm } from "~/components/admin/entity-dialog";
import { cn } from "~/lib/cn";
import { fieldRefusal } from "~/components/admin/use-field-errors";
import { type PanelForPlans, PanelServiceField, panelOfField } from "./panel-service-field";

interface Props extends EntityDialogProps<ApiPlan> {
  /** The shop's panels (the default first); their services are searched on demand (service-picker.tsx). */
  panels: PanelForPlans[];
}

/** A whole number the plan may leave empty (read as 0). */
const ZERO_IF_EMPTY = { inputMode: "numeric", placeholder: "Empty means 0" } as const;

export function PlanDialog({ panels, ...dialog }: Props) {
  const plan = dialog.editing?.item ?? null;
  const { submitting } = dialog;
  const editing = plan !== null;
  // Each field says what is wrong with it under itself, checked by the schema the Plans action reads.
  const { form, fields, frame } = useEntityForm(
    "plan",
    dialog,
    { create: createPlanFormSchema, update: updatePlanFormSchema },
    { blank: {}, of: planFormValues },
  );
  // The server checks what the browser cannot (the service's cost and limits, its support): said at the field.
  const answer = dialog.answer ?? { state: "idle" };
  const serverError = fieldRefusal(answer.data ? answer : { state: "idle", data: frame.page });
  const errorOf = (field: { name: string; errors?: string[] }) => field.errors?.[0] ?? serverError(field.name);
  const [tags, setTags] = useState<string[]>(plan?.tags ?? []);
  const [tagInput, setTagInput] = useState("");
  const [serviceType, setServiceType] = useState<ServiceType>(plan?.serviceType ?? "followers");
  const [customComments, setCustomComments] = useState(plan?.customComments ?? false);
  // Each service is picked from its own panel's list: the plan's panel (empty: the default), the fallback's
  // (empty: the plan's own).
  const defaultPanel = panels.find((p) => p.isDefault);
  const ownPanel = panelOfField(panels, fields.panelId.value, defaultPanel);

  function addTag(raw: string) {
    const tag = raw.trim();
    if (!tag || tags.length >= 1) return;
    setTags([tag]);
    setTagInput("");
  }

  return (
    <EntityDialog
      {...frame}
      title={editing ? "Edit Plan" : "Add New Plan"}
      description={editing ? "Update plan details." : "Create a new plan for your services."}
      intent={editing ? "update" : "create"}
      submitLabel={editing ? "Save Changes" : "Add Plan"}
    >
      {!editing && (
        <SelectField
          field={fields.serviceType}
          label="Service Type"
          options={SERVICE_TYPES}
          onChange={(e) => setServiceType(e.target.value as ServiceType)}
          className="capitalize"
        />
      )}
      <TextField field={fields.name} label="Name" />
      <TextField field={fields.amount} label="Quantity" inputMode="numeric" placeholder="e.g. 1,000" />
      <TextField field={fields.price} label="Price (₹)" inputMode="decimal" placeholder="e.g. 349" />
      <TextField
        field={fields.refillDays}
        label="Refill guarantee (days)"
        hint="0 = no refill. Buyers can request a refill on /track when the panel service supports it."
        {...ZERO_IF_EMPTY}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField field={fields.dripRuns} label="Drip-feed runs" hint="0 = all at once" {...ZERO_IF_EMPTY} />
        <TextField field={fields.dripInterval} label="Interval (minutes)" hint="Between runs" {...ZERO_IF_EMPTY} />
      </div>
      {serviceType === "comments" && (
        <CheckboxField
          field={fields.customComments}
          label="Custom comments: the buyer writes them"
          hint="The buyer types exactly Quantity comments, one per line; the order goes to the plan's panel service, else the Custom comments service its panel names (Admin → Panels). Off: random comments."
          value="true"
          uncheckedValue="false"
          onChange={(e) => setCustomComments(e.target.checked)}
        />
      )}
      {(
        [
          [fields.panelId, fields.panelServiceId, defaultPanel, false],
          [fields.fallbackPanelId, fields.fallbackServiceId, ownPanel, true],
        ] as const
      ).map(([panelField, serviceField, empty, fallback]) => (
        <div key={serviceField.name} className="space-y-2 rounded-md border border-gray-200 p-3">
          <SelectField
            field={panelField}
            label={fallback ? "Fallback panel" : "Panel"}
            error={errorOf(panelField)}
            options={[
              ["", fallback ? "The plan's panel" : `Default panel${defaultPanel ? ` (${defaultPanel.name})` : ""}`],
              ...panels.map((p) => [p.id, p.name] as const),
            ]}
            disabled={submitting || panels.length === 0}
            hint={panels.length === 0 ? "Add a panel in Admin → Panels first." : undefined}
          />
          <PanelServiceField
            field={serviceField}
            error={errorOf(serviceField)}
            panel={panelOfField(panels, panelField.value, empty)}
            serviceType={serviceType}
            customComments={serviceType === "comments" && customComments}
            quantity={fields.amount.value}
            price={fields.price.value}
            disabled={submitting}
            fallback={fallback}
            onChoose={(value) => form.update({ name: serviceField.name, value })}
          />
        </div>
      ))}
      <Field label="Tag (one at most)" id="plan-tag" error={fields.tags.errors?.[0]} size="sm">
        {(control) => (
          <>
            <Input
              {...control}
              size="sm"
              placeholder="Type a tag and press Enter"
              value={tagInput}
              disabled={submitting || tags.length >= 1}
              onChange={(e) => setTagInput(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === "Enter") {
                  e.preventDefault();
                  addTag(tagInput);
                }
              }}
            />
            <div className="mt-2 flex flex-wrap gap-2" aria-label="Suggested tags">
              {SUGGESTED_TAGS.map((t) => (
                <Button
                  key={t}
                  variant="neutral"
                  size="inline"
                  onClick={() => addTag(t)}
                  disabled={submitting || tags.length >= 1}
                  className="rounded-full bg-transparent px-2.5 py-0.5 text-xs font-normal hover:bg-gray-100"
                >
                  {t}
                </Button>
              ))}
            </div>
            {tags.map((t) => (
              <input key={t} type="hidden" name={fields.tags.name} value={t} />
            ))}
            {tags.length > 0 && (
              <ul className="mt-2 flex gap-2">
                {tags.map((t) => (
                  <li key={t} className={cn(badgeVariants({ tone: "brand" }), "flex text-sm font-normal")}>
                    {t}
                    <button
                      type="button"
                      aria-label={`Remove tag ${t}`}
                      onClick={() => setTags([])}
                      disabled={submitting}
                    >
                      <X className="size-3" aria-hidden />
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </Field>
    </EntityDialog>
  );
}

/** A plan as its form shows it: numbers as text, no panel or service as "". */
function planFormValues(plan: ApiPlan) {
  return {
    name: plan.name,
    amount: plan.amount,
    price: String(plan.price),
    refillDays: String(plan.refillDays),
    dripRuns: String(plan.dripRuns),
    dripInterval: String(plan.dripIntervalMinutes),
    customComments: plan.customComments ? "true" : "",
    panelId: plan.panelId === null ? "" : String(plan.panelId),
    panelServiceId: plan.panelServiceId ?? "",
    fallbackPanelId: plan.fallbackPanelId === null ? "" : String(plan.fallbackPanelId),
    fallbackServiceId: plan.fallbackServiceId ?? "",
  };
}
