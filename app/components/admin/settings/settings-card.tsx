import { useFetcher } from "react-router";
import { useActionToast } from "~/components/admin/use-action-toast";

export interface FieldSpec {
  name: string;
  label: string;
  value: string;
  /** A checkbox's value is "true" or "false". */
  type?: "text" | "password" | "email" | "tel" | "checkbox";
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
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  const saving = fetcher.state !== "idle";
  useActionToast(fetcher, { failureTitle: "Failed to save settings" });
  const id = (name: string) => `${intent}-${name}`;

  return (
    <section aria-labelledby={id("title")} className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
      <h2 id={id("title")} className="text-lg font-semibold">
        {title}
      </h2>
      <p className="mt-1 text-sm text-gray-600">{description}</p>
      {/* Re-mount on new values so the inputs show what was saved. */}
      <fetcher.Form method="post" className="mt-4" key={fields.map((f) => f.value).join("\u0000")}>
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
              </div>
            ) : (
              <div key={f.name}>
                <label htmlFor={id(f.name)} className="mb-1 block text-sm font-medium">
                  {f.label}
                </label>
                <input
                  id={id(f.name)}
                  name={f.name}
                  type={f.type ?? "text"}
                  defaultValue={f.value}
                  placeholder={f.placeholder}
                  inputMode={f.inputMode}
                  required={f.required ?? true}
                  autoComplete={f.type === "password" ? "off" : undefined}
                  className="input"
                />
              </div>
            ),
          )}
          <button
            type="submit"
            className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
          >
            {saving ? "Saving..." : "Save Settings"}
          </button>
        </fieldset>
      </fetcher.Form>
    </section>
  );
}
