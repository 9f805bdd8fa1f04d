import {
  type FieldMetadata,
  getCollectionProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
} from "@conform-to/react";
import { type ComponentProps, type ReactNode, createContext, use } from "react";
import { nativeCheckboxClass } from "~/components/ui/checkbox";
import { Field, FieldError } from "~/components/ui/field";
import { Input, inputVariants } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { cn } from "~/lib/cn";

/*
 * The admin's form fields, one line each: a field takes conform's metadata
 * for its name, id, initial value and the browser's check, and wires its
 * label, hint and error to the control (ui/field.tsx). An error comes from the
 * schema first (checked as the operator types, as on the server), else from
 * `error`: the server's refusal when it named this field (a taken username, a
 * panel service that does not exist). All are the browser's own controls, so a
 * form posts before React runs. The same idea as Epic Stack's
 * app/components/forms.tsx; the markup is this project's.
 */

// conform's metadata for one field of any schema.
type Meta = FieldMetadata<unknown, Record<string, unknown>, string[]>;

interface Common {
  field: Meta;
  label: ReactNode;
  hint?: ReactNode;
  /** An error found by the page; the schema's own error is shown first, the server's (Refusals) last. */
  error?: string;
}

/**
 * What the server refused, by field name: a form that posts to an action
 * provides it (`<Refusals value={…}>`), and each field below shows the
 * refusal that names it, so a form does not pass it field by field.
 */
export const Refusals = createContext<(name: string) => string | undefined>(() => undefined);

function useError(field: Meta, error: string | undefined) {
  const refused = use(Refusals);
  return field.errors?.[0] ?? error ?? refused(field.name);
}

type TextType = "text" | "password" | "email" | "tel" | "date" | "time" | "datetime-local" | "url" | "search";

/** What the phone's keyboard must leave as typed (`verbatim`): no capital first letter, no spelling fixes. */
const VERBATIM = { autoCapitalize: "none", spellCheck: false } as const;

/**
 * A text input (or password, date, time…). `verbatim` for what is typed exactly as it is (a UPI ID, an
 * address, a username). Other props go to the input.
 */
export function TextField({
  field,
  label,
  hint,
  error,
  type = "text",
  verbatim = false,
  ...input
}: Common & { type?: TextType; verbatim?: boolean } & Omit<
    ComponentProps<"input">,
    "size" | "type" | "name" | "id" | "form"
  >) {
  const message = useError(field, error);
  return (
    <Field label={label} id={field.id} hint={hint} error={message} size="sm">
      {(control) => (
        <Input {...getInputProps(field, { type })} {...control} size="sm" {...(verbatim && VERBATIM)} {...input} />
      )}
    </Field>
  );
}

/** What a secret field says of the saved secret: its last characters (never the secret itself), or that none is. */
export const savedSecret = (hint: string | null) =>
  hint ? `saved, ending …${hint} (leave empty to keep)` : "not saved yet";

/** A secret (a key, a token, a password): typed, never shown again; empty keeps the saved one. */
export function SecretField({
  saved,
  ...props
}: Omit<ComponentProps<typeof TextField>, "type" | "placeholder"> & {
  /** The saved secret's last characters (null: none saved). */
  saved: string | null;
}) {
  return <TextField {...props} type="password" placeholder={savedSecret(saved)} />;
}

export function TextareaField({
  field,
  label,
  hint,
  error,
  className,
  ...textarea
}: Common & Omit<ComponentProps<"textarea">, "name" | "id" | "form">) {
  const message = useError(field, error);
  return (
    <Field label={label} id={field.id} hint={hint} error={message} size="sm">
      {(control) => (
        <textarea
          {...getTextareaProps(field)}
          {...control}
          className={cn(inputVariants({ size: "sm" }), className)}
          {...textarea}
        />
      )}
    </Field>
  );
}

/** The browser's select; `options` are values shown as they are, or [value, text] pairs. */
export function SelectField({
  field,
  label,
  hint,
  error,
  options,
  ...select
}: Common & {
  options: ReadonlyArray<string | number | readonly [string | number, string]>;
} & Omit<ComponentProps<"select">, "size" | "name" | "id" | "form">) {
  const message = useError(field, error);
  return (
    <Field label={label} id={field.id} hint={hint} error={message} size="sm">
      {(control) => (
        <NativeSelect {...getSelectProps(field)} {...control} size="sm" {...select}>
          {options.map((option) => {
            const [value, text]: readonly [string | number, string] =
              typeof option === "object" ? option : [option, String(option)];
            return (
              <option key={value} value={value}>
                {text}
              </option>
            );
          })}
        </NativeSelect>
      )}
    </Field>
  );
}

/**
 * A checkbox with its label beside it and the hint and error under the label.
 * Ticked, it sends `value` ("on" unless told); with `uncheckedValue` a hidden
 * input sends that when it is not (a setting that must be able to turn off),
 * the ticked box's value coming after it.
 */
export function CheckboxField({
  field,
  label,
  hint,
  error,
  value = "on",
  uncheckedValue,
  ...input
}: Common & { value?: string; uncheckedValue?: string } & Omit<
    ComponentProps<"input">,
    "size" | "type" | "name" | "id" | "form" | "value"
  >) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  const message = useError(field, error);
  const errorId = message ? `${field.id}-error` : undefined;
  return (
    <div>
      {uncheckedValue !== undefined && <input type="hidden" name={field.name} value={uncheckedValue} />}
      <label className="flex items-start gap-2 text-sm font-medium">
        <input
          {...getInputProps(field, { type: "checkbox", value })}
          aria-invalid={Boolean(message)}
          aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
          className={cn(nativeCheckboxClass, "mt-0.5")}
          {...input}
        />
        {label}
      </label>
      {hint && (
        <p id={hintId} className="ml-6 mt-1 text-xs text-gray-600">
          {hint}
        </p>
      )}
      {message && (
        <FieldError id={errorId} className="ml-6">
          {message}
        </FieldError>
      )}
    </div>
  );
}

/** A list field as a group of checkboxes under a legend; each ticked one sends its value. */
export function CheckboxGroupField({
  field,
  legend,
  options,
}: {
  field: Meta;
  legend: ReactNode;
  /** [value, text] pairs. */
  options: ReadonlyArray<readonly [string, string]>;
}) {
  const message = useError(field, undefined);
  const text = new Map(options);
  return (
    <fieldset className="space-y-1" aria-describedby={message ? `${field.id}-error` : undefined}>
      <legend className="text-sm font-medium">{legend}</legend>
      {getCollectionProps(field, { type: "checkbox", options: options.map(([value]) => value) }).map(
        ({ key, ...props }) => (
          <label key={key} className="flex items-center gap-2 text-sm">
            <input {...props} className={nativeCheckboxClass} />
            {text.get(props.value)}
          </label>
        ),
      )}
      {message && <FieldError id={`${field.id}-error`}>{message}</FieldError>}
    </fieldset>
  );
}
