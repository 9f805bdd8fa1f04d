import { X } from "lucide-react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import type { ApiPlan } from "~/domain/plans/admin.server";
import { SUGGESTED_TAGS, planActionSchema } from "~/domain/plans/plan-form";
import { SERVICE_TYPES } from "~/domain/plans/table";
import { badgeVariants } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Input, inputVariants } from "~/components/ui/input";
import { cn } from "~/lib/cn";

interface Props {
  /** null: add a new plan. */
  plan: ApiPlan | null;
  submitting: boolean;
  onClose: () => void;
  /** The form the Plans page's action reads, already valid by the schema the server checks it with. */
  onSubmit: (form: FormData) => void;
}

export function PlanDialog({ plan, submitting, onClose, onSubmit }: Props) {
  const [serviceType, setServiceType] = useState<string>(plan?.serviceType ?? "followers");
  const [name, setName] = useState(plan?.name ?? "");
  const [amount, setAmount] = useState(plan?.amount ?? "");
  const [price, setPrice] = useState(plan ? String(plan.price) : "");
  const [tags, setTags] = useState<string[]>(plan?.tags ?? []);
  const [tagInput, setTagInput] = useState("");
  const [error, setError] = useState<string | null>(null);
  const editing = plan !== null;

  function addTag(raw: string) {
    const tag = raw.trim();
    if (!tag || tags.length >= 1) return;
    setTags([tag]);
    setTagInput("");
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const form = new FormData();
    if (editing) {
      form.set("intent", "update");
      form.set("id", plan._id);
    } else {
      form.set("intent", "create");
      form.set("serviceType", serviceType);
    }
    form.set("name", name);
    form.set("amount", amount);
    form.set("price", price);
    for (const tag of tags) form.append("tags", tag);
    const check = parseWithZod(form, { schema: planActionSchema });
    if (check.status !== "success") {
      setError(Object.values(check.error ?? {}).flat()[0] ?? "Invalid plan");
      return;
    }
    setError(null);
    onSubmit(form);
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

        <form onSubmit={submit} className="mt-4 space-y-4" noValidate>
          {!editing && (
            <Field label="Service Type" id="plan-service" size="sm">
              {(control) => (
                <select
                  {...control}
                  value={serviceType}
                  onChange={(e) => setServiceType(e.target.value)}
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
          <Field label="Name" id="plan-name" size="sm">
            {(control) => (
              <Input
                {...control}
                size="sm"
                value={name}
                onChange={(e) => setName(e.target.value)}
                disabled={submitting}
              />
            )}
          </Field>
          <Field label="Quantity" id="plan-amount" size="sm">
            {(control) => (
              <Input
                {...control}
                size="sm"
                inputMode="numeric"
                placeholder="1,000"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                disabled={submitting}
              />
            )}
          </Field>
          <Field label="Price (₹)" id="plan-price" size="sm">
            {(control) => (
              <Input
                {...control}
                size="sm"
                inputMode="decimal"
                placeholder="349"
                value={price}
                onChange={(e) => setPrice(e.target.value)}
                disabled={submitting}
              />
            )}
          </Field>
          <Field label="Tag (one at most)" id="plan-tag" size="sm">
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

          {error && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {error}
            </p>
          )}
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
