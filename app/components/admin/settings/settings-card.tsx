import { useRef } from "react";
import { useFetcher } from "react-router";
import { useActionToast } from "~/components/admin/use-action-toast";
import { useFieldErrors } from "~/components/admin/use-field-errors";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, FieldError } from "~/components/ui/field";
import { Input, inputVariants } from "~/components/ui/input";

export interface FieldSpec {
  name: string;
  label: string;
  value: string;
  /** A checkbox's value is "true" or "false"; a select's is one of `options`. */
  type?: "text" | "password" | "email" | "tel" | "checkbox" | "select";
  options?: readonly { value: string; label: string }[];
  /** Shown under the field. */
  hint?: string;
  placeholder?: string;
  inputMode?: "numeric" | "text";
  required?: boolean;
}

interface Props {
  intent: string;
  title: string;
  description: string;
  fields: FieldSpec[];
}

/** One settings card with its own Save Settings button; fields are disabled while it saves. */
export function SettingsCard({ intent, title, description, fields }: Props) {
  const fetcher = useFetcher<{ ok: boolean; message: string; field?: string | null }>();
  const saving = fetcher.state !== "idle";
  const form = useRef<HTMLFormElement>(null);
  useActionToast(fetcher, { failureTitle: "Failed to save settings" });
  const errorFor = useFieldErrors(fetcher, form);
  const id = (name: string) => `${intent}-${name}`;

  return (
    <Card asChild radius="lg">
      {/* The id is the card's anchor: the admin banners link here (`/admin/settings#payment-settings`). */}
      <section id={id("settings")} aria-labelledby={id("title")} className="scroll-mt-20">
        <h2 id={id("title")} className="text-lg font-semibold">
          {title}
        </h2>
        <p className="mt-1 text-sm text-gray-600">{description}</p>
        {/* Re-mount on new values so the inputs show what was saved. */}
        <fetcher.Form method="post" className="mt-4" ref={form} key={fields.map((f) => f.value).join("\u0000")}>
          <input type="hidden" name="intent" value={intent} />
          <fieldset disabled={saving} className="space-y-3">
            {fields.map((f) =>
              f.type === "checkbox" ? (
                <div key={f.name}>
                  {/* Unchecked boxes send nothing; the hidden "false" says so, a checked box's "true" comes after it. */}
                  <input type="hidden" name={f.name} value="false" />
                  <label className="flex items-start gap-2 text-sm font-medium">
                    <input
                      id={id(f.name)}
                      name={f.name}
                      type="checkbox"
                      value="true"
                      defaultChecked={f.value === "true"}
                      aria-describedby={f.hint ? id(`${f.name}-hint`) : undefined}
                      className="mt-0.5 h-4 w-4 accent-brand-600"
                    />
                    {f.label}
                  </label>
                  {f.hint && (
                    <p id={id(`${f.name}-hint`)} className="ml-6 mt-1 text-xs text-gray-600">
                      {f.hint}
                    </p>
                  )}
                  {errorFor(f.name) && <FieldError className="ml-6">{errorFor(f.name)}</FieldError>}
                </div>
              ) : f.type === "select" ? (
                <Field key={f.name} id={id(f.name)} label={f.label} size="sm" hint={f.hint} error={errorFor(f.name)}>
                  {(control) => (
                    <select {...control} name={f.name} defaultValue={f.value} className={inputVariants({ size: "sm" })}>
                      {f.options?.map((o) => (
                        <option key={o.value} value={o.value}>
                          {o.label}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
              ) : (
                <Field key={f.name} id={id(f.name)} label={f.label} size="sm" hint={f.hint} error={errorFor(f.name)}>
                  {(control) => (
                    <Input
                      {...control}
                      size="sm"
                      name={f.name}
                      type={f.type ?? "text"}
                      defaultValue={f.value}
                      placeholder={f.placeholder}
                      inputMode={f.inputMode}
                      required={f.required ?? true}
                      autoComplete={f.type === "password" ? "off" : undefined}
                    />
                  )}
                </Field>
              ),
            )}
            <Button type="submit" size="md" className="disabled:opacity-60">
              {saving ? "Saving..." : "Save Settings"}
            </Button>
          </fieldset>
        </fetcher.Form>
      </section>
    </Card>
  );
}
