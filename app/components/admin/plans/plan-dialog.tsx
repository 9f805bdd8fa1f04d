import { getFormProps, getInputProps } from "@conform-to/react";
import { X } from "lucide-react";
import { useRef, useState } from "react";
import type { ApiPlan } from "~/domain/plans/admin.server";
import { SUGGESTED_TAGS, createPlanFormSchema, updatePlanFormSchema } from "~/domain/plans/plan-form";
import { SERVICE_TYPES, type ServiceType } from "~/domain/plans/table";
import { badgeVariants } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Input, inputVariants } from "~/components/ui/input";
import { cn } from "~/lib/cn";
import { useSchemaForm } from "~/lib/use-schema-form";
import { useFieldErrors } from "~/components/admin/use-field-errors";
import { type PanelServicesForPlans, PanelServiceField } from "./panel-service-field";

interface Props {
  /** null: add a new plan. */
  plan: ApiPlan | null;
  /** The panel's services to pick the plan's from. */
  panel: PanelServicesForPlans;
  submitting: boolean;
  /** The Plans page's fetcher: a refusal that names a field is shown under it. */
  answer: { state: string; data?: unknown };
  onClose: () => void;
  /** The form the Plans page's action reads, already valid by the schema the server checks it with. */
  onSubmit: (form: FormData) => void;
}

export function PlanDialog({ plan, panel, submitting, answer, onClose, onSubmit }: Props) {
  const editing = plan !== null;
  // Each field says what is wrong with it under itself, checked by the schema the Plans action reads.
  const { form, fields } = useSchemaForm(editing ? updatePlanFormSchema : createPlanFormSchema, {
    id: editing ? `plan-edit-${plan._id}` : "plan-add",
    defaultValue: editing
      ? {
          intent: "update",
          name: plan.name,
          amount: plan.amount,
          price: String(plan.price),
          refillDays: String(plan.refillDays),
          dripRuns: String(plan.dripRuns),
          dripInterval: String(plan.dripIntervalMinutes),
          customComments: plan.customComments ? "true" : "",
          panelServiceId: plan.panelServiceId ?? "",
          fallbackServiceId: plan.fallbackServiceId ?? "",
        }
      : { intent: "create" },
    onValid: onSubmit,
  });
  const formRef = useRef<HTMLFormElement>(null);
  // The server checks what the browser cannot (the service's cost and limits, its support): said at the field.
  const serverError = useFieldErrors(answer, formRef);
  const errorOf = (field: { name: string; errors?: string[] }) => field.errors?.[0] ?? serverError(field.name);
  const [tags, setTags] = useState<string[]>(plan?.tags ?? []);
  const [tagInput, setTagInput] = useState("");
  const [serviceType, setServiceType] = useState<ServiceType>(plan?.serviceType ?? "followers");
  const [customComments, setCustomComments] = useState(plan?.customComments ?? false);

  function addTag(raw: string) {
    const tag = raw.trim();
    if (!tag || tags.length >= 1) return;
    setTags([tag]);
    setTagInput("");
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !submitting && onClose()}>
      <DialogContent overlayClassName="z-50 bg-black/40">
        <DialogTitle>{editing ? "Edit Plan" : "Add New Plan"}</DialogTitle>
        <DialogDescription className="text-gray-600">
          {editing ? "Update plan details." : "Create a new plan for your services."}
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

        <form {...getFormProps(form)} ref={formRef} className="mt-4 space-y-4">
          <input {...getInputProps(fields.intent, { type: "hidden" })} />
          {editing && <input type="hidden" name="id" value={plan._id} />}
          {!editing && (
            <Field label="Service Type" id="plan-service" error={form.allErrors.serviceType?.[0]} size="sm">
              {(control) => (
                <select
                  {...control}
                  name="serviceType"
                  value={serviceType}
                  onChange={(e) => setServiceType(e.target.value as ServiceType)}
                  className={cn(inputVariants({ size: "sm" }), "capitalize")}
                  disabled={submitting}
                >
                  {SERVICE_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {t}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          )}
          <Field label="Name" id={fields.name.id} error={errorOf(fields.name)} size="sm">
            {(control) => (
              <Input {...getInputProps(fields.name, { type: "text" })} {...control} size="sm" disabled={submitting} />
            )}
          </Field>
          <Field label="Quantity" id={fields.amount.id} error={errorOf(fields.amount)} size="sm">
            {(control) => (
              <Input
                {...getInputProps(fields.amount, { type: "text" })}
                {...control}
                size="sm"
                inputMode="numeric"
                placeholder="1,000"
                disabled={submitting}
              />
            )}
          </Field>
          <Field label="Price (₹)" id={fields.price.id} error={errorOf(fields.price)} size="sm">
            {(control) => (
              <Input
                {...getInputProps(fields.price, { type: "text" })}
                {...control}
                size="sm"
                inputMode="decimal"
                placeholder="349"
                disabled={submitting}
              />
            )}
          </Field>
          <Field
            label="Refill guarantee (days)"
            id={fields.refillDays.id}
            error={errorOf(fields.refillDays)}
            hint="0 = no refill. Buyers can request a refill on /track when the panel service supports it."
            size="sm"
          >
            {(control) => (
              <Input
                {...getInputProps(fields.refillDays, { type: "text" })}
                {...control}
                size="sm"
                inputMode="numeric"
                placeholder="0"
                disabled={submitting}
              />
            )}
          </Field>
          <div className="grid grid-cols-2 gap-3">
            <Field
              label="Drip-feed runs"
              id={fields.dripRuns.id}
              error={errorOf(fields.dripRuns)}
              hint="0 = all at once"
              size="sm"
            >
              {(control) => (
                <Input
                  {...getInputProps(fields.dripRuns, { type: "text" })}
                  {...control}
                  size="sm"
                  inputMode="numeric"
                  placeholder="0"
                  disabled={submitting}
                />
              )}
            </Field>
            <Field
              label="Interval (minutes)"
              id={fields.dripInterval.id}
              error={errorOf(fields.dripInterval)}
              hint="Between runs"
              size="sm"
            >
              {(control) => (
                <Input
                  {...getInputProps(fields.dripInterval, { type: "text" })}
                  {...control}
                  size="sm"
                  inputMode="numeric"
                  placeholder="0"
                  disabled={submitting}
                />
              )}
            </Field>
          </div>
          {serviceType === "comments" && (
            <div>
              {/* Unticked sends nothing; the hidden "false" says so, a ticked box's "true" comes after it. */}
              <input type="hidden" name={fields.customComments.name} value="false" />
              <label className="flex items-start gap-2 text-sm font-medium">
                <input
                  type="checkbox"
                  id={fields.customComments.id}
                  name={fields.customComments.name}
                  value="true"
                  checked={customComments}
                  onChange={(e) => setCustomComments(e.target.checked)}
                  disabled={submitting}
                  aria-describedby={`${fields.customComments.id}-hint`}
                  className="mt-0.5 h-4 w-4 accent-brand-600"
                />
                Custom comments: the buyer writes them
              </label>
              <p id={`${fields.customComments.id}-hint`} className="ml-6 mt-1 text-xs text-gray-600">
                The buyer types exactly Quantity comments, one per line; the order goes to the plan&apos;s panel
                service, else the Custom Comments service set in Settings. Off: random comments.
              </p>
              {errorOf(fields.customComments) && (
                <p className="ml-6 mt-1 text-sm text-red-700">{errorOf(fields.customComments)}</p>
              )}
            </div>
          )}
          {([fields.panelServiceId, fields.fallbackServiceId] as const).map((field) => (
            <PanelServiceField
              key={field.name}
              field={field}
              error={errorOf(field)}
              panel={panel}
              serviceType={serviceType}
              customComments={serviceType === "comments" && customComments}
              quantity={fields.amount.value}
              price={fields.price.value}
              disabled={submitting}
              fallback={field.name === "fallbackServiceId"}
            />
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

          <div className="flex justify-end gap-2 pt-2">
            <Button variant="neutral" size="md" onClick={onClose} disabled={submitting} className="font-normal">
              Cancel
            </Button>
            <Button type="submit" size="md" disabled={submitting} className="disabled:opacity-60">
              {submitting ? "Saving..." : editing ? "Save Changes" : "Add Plan"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
