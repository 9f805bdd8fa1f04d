import { CheckboxField, SelectField, TextField } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { SectionCard } from "~/components/ui/card";
import {
  type Setting,
  type SettingsGroup,
  type SettingsShape,
  type ValuesOf,
  cardSchema,
  fieldText,
} from "~/domain/settings/define";
import { SettingsForm, useSettingsForm } from "./settings-form";
import { HelpText } from "~/components/admin/help-text";

interface Props<S extends SettingsShape> {
  /** The settings' declarations (app/domain/settings/define.ts): the card's words, fields and schema. */
  group: SettingsGroup<S>;
  values: ValuesOf<S>;
  /** A hint the page knows and the declaration cannot (the environment overriding a field). */
  hints?: Partial<Record<keyof S & string, string>>;
}

/**
 * A settings card drawn from its settings' declarations: one field per
 * setting, checked in the browser with the schema the action saves with
 * (conform), its own Save Settings button, disabled while it saves.
 */
export function SettingsCard<S extends SettingsShape>({ group, values, hints }: Props<S>) {
  const settings = Object.entries(group.settings) as [keyof S & string, Setting][];
  const shown = Object.fromEntries(settings.map(([name, s]) => [name, fieldText(s, values[name])]));
  // Not re-mounted on new values: the card keeps its fetcher, so its toast says the save went through; the
  // fields already hold what was saved.
  return <DeclaredCard group={group} shown={shown} hints={hints} />;
}

function DeclaredCard<S extends SettingsShape>({
  group,
  shown,
  hints = {},
}: {
  group: SettingsGroup<S>;
  shown: Record<string, string>;
  hints?: Partial<Record<string, string>>;
}) {
  const card = group.card!;
  const form = useSettingsForm(cardSchema(group), {
    id: card.id,
    failureTitle: "Failed to save settings",
    defaultValue: shown as never,
  });
  const fields = form.fields as Record<string, Parameters<typeof TextField>[0]["field"]>;
  return (
    // The id is the card's anchor: the admin banners link here (`/admin/settings#payment-settings`).
    <SectionCard id={`${card.id}-settings`} title={card.title} description={card.description} className="scroll-mt-20">
      <SettingsForm settings={form} intent={card.id} className="mt-4">
        <fieldset disabled={form.busy} className="min-w-0 space-y-3">
          {(Object.entries(group.settings) as [string, Setting][]).map(([name, s]) => {
            const hint = hints[name] ?? s.hint;
            const common = { field: fields[name]!, label: s.label, hint: hint && <HelpText text={hint} /> };
            if (s.control === "checkbox")
              return <CheckboxField key={name} {...common} value="true" uncheckedValue="false" />;
            if (s.control === "select")
              return (
                <SelectField
                  key={name}
                  {...common}
                  options={(s.options ?? []).map((o) => [o.value, o.label] as const)}
                />
              );
            const numeric = s.control === "numeric";
            return (
              <TextField
                key={name}
                {...common}
                type={s.control === "numeric" ? "text" : s.control}
                inputMode={numeric ? "numeric" : undefined}
                placeholder={s.placeholder}
                autoComplete={s.control === "password" ? "off" : undefined}
              />
            );
          })}
          <Button type="submit" size="md" className="disabled:opacity-60">
            {form.busy ? "Saving..." : "Save Settings"}
          </Button>
        </fieldset>
      </SettingsForm>
    </SectionCard>
  );
}
