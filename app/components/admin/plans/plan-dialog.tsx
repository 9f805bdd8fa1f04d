import { Dialog } from "radix-ui";
import { X } from "lucide-react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import type { ApiPlan } from "~/domain/plans/admin.server";
import { SUGGESTED_TAGS, planActionSchema } from "~/domain/plans/plan-form";
import { SERVICE_TYPES } from "~/domain/plans/table";

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
    <Dialog.Root open onOpenChange={(open) => !open && !submitting && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-bold">{editing ? "Edit Plan" : "Add New Plan"}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-gray-600">
            {editing ? "Update plan details." : "Create a new plan for your services."}
          </Dialog.Description>
          <Dialog.Close asChild>
            <button
              type="button"
              aria-label="Close"
              className="absolute right-4 top-4 rounded p-1 hover:bg-gray-100"
              disabled={submitting}
            >
              <X className="size-4" aria-hidden />
            </button>
          </Dialog.Close>

          <form onSubmit={submit} className="mt-4 space-y-4" noValidate>
            {!editing && (
              <Field label="Service Type" htmlFor="plan-service">
                <select
                  id="plan-service"
                  value={serviceType}
                  onChange={(e) => setServiceType(e.target.value)}
                  className="input capitalize"
                  disabled={submitting}
                >
                  {SERVICE_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {t}
                    </option>
                  ))}
                </select>
              </Field>
            )}
            <Field label="Name" htmlFor="plan-name">
              <input
                id="plan-name"
                className="input"
                value={name}
                onChange={(e) => setName(e.target.value)}
                disabled={submitting}
              />
            </Field>
            <Field label="Quantity" htmlFor="plan-amount">
              <input
                id="plan-amount"
                className="input"
                inputMode="numeric"
                placeholder="1,000"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                disabled={submitting}
              />
            </Field>
            <Field label="Price (₹)" htmlFor="plan-price">
              <input
                id="plan-price"
                className="input"
                inputMode="decimal"
                placeholder="349"
                value={price}
                onChange={(e) => setPrice(e.target.value)}
                disabled={submitting}
              />
            </Field>
            <Field label="Tag (one at most)" htmlFor="plan-tag">
              <input
                id="plan-tag"
                className="input"
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
                  <button
                    key={t}
                    type="button"
                    onClick={() => addTag(t)}
                    disabled={submitting || tags.length >= 1}
                    className="rounded-full border border-gray-300 px-2.5 py-0.5 text-xs hover:bg-gray-100 disabled:opacity-50"
                  >
                    {t}
                  </button>
                ))}
              </div>
              {tags.length > 0 && (
                <ul className="mt-2 flex gap-2">
                  {tags.map((t) => (
                    <li
                      key={t}
                      className="flex items-center gap-1 rounded-full bg-brand-50 px-2.5 py-0.5 text-sm text-brand-700"
                    >
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
            </Field>

            {error && (
              <p role="alert" className="text-sm font-medium text-red-700">
                {error}
              </p>
            )}
            <div className="flex justify-end gap-2 pt-2">
              <button
                type="button"
                onClick={onClose}
                disabled={submitting}
                className="rounded-lg border border-gray-300 px-4 py-2"
              >
                Cancel
              </button>
              <button
                type="submit"
                disabled={submitting}
                className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
              >
                {submitting ? "Saving..." : editing ? "Save Changes" : "Add Plan"}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function Field({ label, htmlFor, children }: { label: string; htmlFor: string; children: React.ReactNode }) {
  return (
    <div>
      <label htmlFor={htmlFor} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      {children}
    </div>
  );
}
