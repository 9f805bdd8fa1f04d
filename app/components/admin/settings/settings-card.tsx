import { useFetcher } from "react-router";
import { useActionToast } from "./use-action-toast";

export interface FieldSpec {
  name: string;
  label: string;
  value: string;
  type?: "text" | "password" | "email" | "tel";
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
  useActionToast(fetcher, "Failed to save settings");
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
          {fields.map((f) => (
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
          ))}
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
