import { z } from "zod";
import type { PublicTopic } from "~/domain/public-pages/topics";

/*
 * How a feature declares its settings, once (ADR 0019): the key its value is
 * kept under, its type (a zod schema reading what the operator types), its
 * default, its label, whether it is a secret, whether a public page shows it
 * (and under which page-cache topic), and the card it is edited on.
 * The store (store.server.ts) reads and writes typed values by these
 * declarations; the Settings page renders a card's fields from them; the
 * settings API, the audit log and backups mask or leave out secrets by them.
 * Pure, so the browser checks a card with the schema the server saves it with.
 */

/** How a field is typed on its card. */
export type SettingControl = "text" | "email" | "tel" | "numeric" | "password" | "checkbox" | "select";

export interface Setting<T = unknown> {
  /** The row's key in the `settings` table. Never renamed: existing shops keep their values under it. */
  key: string;
  /** What the operator reads beside the field. */
  label: string;
  /** A shop's value until the operator saves one (and when the saved text is not one). */
  default: T;
  /**
   * Reads what the operator typed (a card's field, the settings API's `value`) into the value; its
   * messages are shown at the field. Undefined out: the field was left out, the saved value stays.
   */
  type: z.ZodType<T | undefined>;
  /** Never sent back whole, never in a backup; an empty field keeps the saved one. */
  secret: boolean;
  /**
   * The page-cache topic (ADR 0021) of the public pages that show it, or that it changes (whether the
   * service pages offer WhatsApp updates); absent: no public page does, and saving it drops no cached page.
   */
  publicTopic?: PublicTopic;
  /** The stored text as the value; undefined when it is not one. */
  decode(stored: string): T | undefined;
  encode(value: T): string;
  control: SettingControl;
  hint?: string;
  placeholder?: string;
  options?: readonly { value: string; label: string }[];
  /** False: the field may be left empty. */
  required: boolean;
}

export type Look = Partial<Pick<Setting, "hint" | "placeholder" | "control" | "required" | "options" | "publicTopic">>;

/** "{label} is required" for a missing or blank field; trims what is typed. */
export function required(label: string) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`);
}

/** An http:// or https:// address, as typed. */
export function httpUrl(label: string) {
  return required(label).refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === "http:" || u.protocol === "https:";
    } catch {
      return false;
    }
  }, `${label} must be an http:// or https:// address`);
}

/** Text, kept as typed (after the type's trimming). A secret's field may be left empty: it keeps the saved one. */
export function text(
  key: string,
  label: string,
  options: { default?: string; type?: z.ZodType<string | undefined>; secret?: boolean } & Look = {},
): Setting<string> {
  const { default: fallback = "", secret = false, type: given, ...look } = options;
  return {
    key,
    label,
    default: fallback,
    type: given ?? (secret ? z.string().trim().default("") : required(label)),
    secret,
    decode: (stored) => stored,
    encode: (value) => value,
    control: secret ? "password" : "text",
    required: !secret,
    ...look,
  };
}

/**
 * On or off, kept as "true"/"false" (any other saved text reads as the default). A card sends a
 * hidden "false" before the checkbox's "true", so the last value is the box's state; left out, it
 * is left as it is (an older client).
 */
export function flag(key: string, label: string, options: { default: boolean } & Look): Setting<boolean> {
  const { default: fallback, ...look } = options;
  return {
    key,
    label,
    default: fallback,
    type: z.preprocess(
      (value: unknown) => (Array.isArray(value) ? (value.at(-1) as unknown) : value),
      z
        .enum(["true", "false"], { error: `${label} must be on or off` })
        .optional()
        .transform((v) => (v === undefined ? undefined : v === "true")),
    ),
    secret: false,
    decode: (stored) => (stored === "true" ? true : stored === "false" ? false : undefined),
    encode: String,
    control: "checkbox",
    required: false,
    ...look,
  };
}

/**
 * A whole number from `min` to `max`, typed as digits. Messages name it `named` ("Retention period"),
 * or say `outOfRange` when it is out of range.
 */
export function whole(
  key: string,
  label: string,
  options: { default: number; min: number; max: number; named?: string; outOfRange?: string } & Look,
): Setting<number> {
  const { default: fallback, min, max, named = label, outOfRange, ...look } = options;
  const inRange = (n: number) => Number.isSafeInteger(n) && n >= min && n <= max;
  return {
    key,
    label,
    default: fallback,
    type: required(named)
      .regex(/^\d+$/, `${named} must be a whole number`)
      .transform(Number)
      .refine(inRange, outOfRange ?? `${named} must be between ${min} and ${max}`),
    secret: false,
    decode: (stored) => (/^\d+$/.test(stored) && inRange(Number(stored)) ? Number(stored) : undefined),
    encode: String,
    control: "numeric",
    required: true,
    ...look,
  };
}

/**
 * A value its feature reads and writes itself (a JSON document with its own
 * checks, kept as it always was): `read` turns the stored text into the value
 * (anything unreadable into the default), `write` back. Not edited field by field.
 */
export function structured<T>(
  key: string,
  label: string,
  codec: { read(stored: string): T; write(value: T): string; fallback(): T },
  shown: Pick<Setting, "publicTopic"> = {},
): Setting<T> {
  return {
    ...shown,
    key,
    label,
    get default() {
      return codec.fallback();
    },
    type: z.custom<T>(),
    secret: false,
    decode: (stored) => codec.read(stored),
    encode: (value) => codec.write(value),
    control: "text",
    required: false,
  };
}

// Any setting: each declaration keeps its own T, which ValuesOf reads back.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type SettingsShape = Record<string, Setting<any>>;

/** The typed values of a shape: what the store reads and writes. */
export type ValuesOf<S extends SettingsShape> = { [K in keyof S]: S[K] extends Setting<infer T> ? T : never };

/** A card on the Settings page: where a group of settings is edited, and the words around it. */
export interface SettingsCard {
  /** The form's intent and the card's anchor (`/admin/settings#{id}-settings`). */
  id: string;
  title: string;
  description: string;
  /** The toast after a save. */
  saved: string;
}

export interface SettingsGroup<S extends SettingsShape = SettingsShape> {
  settings: S;
  /** Where the operator edits them; absent: a feature's own card writes them (Alerts, Payment gateway…). */
  card?: SettingsCard;
}

/** One feature's settings, declared once. */
export function defineSettings<S extends SettingsShape>(settings: S, card?: SettingsCard): SettingsGroup<S> {
  return { settings, card };
}

/** Every setting of a group at its default. */
export function defaultsOf<S extends SettingsShape>(group: SettingsGroup<S>): ValuesOf<S> {
  return Object.fromEntries(
    Object.entries(group.settings).map(([name, setting]) => [name, setting.default as unknown]),
  ) as ValuesOf<S>;
}

/** The group's values from the stored rows (key → text); a key never saved, or unreadable, is its default. */
export function decodeSettings<S extends SettingsShape>(
  group: SettingsGroup<S>,
  stored: ReadonlyMap<string, string>,
): ValuesOf<S> {
  return Object.fromEntries(
    Object.entries(group.settings).map(([name, setting]) => {
      const raw = stored.get(setting.key);
      const value = raw === undefined ? undefined : (setting.decode(raw) as unknown);
      return [name, value === undefined ? setting.default : value];
    }),
  ) as ValuesOf<S>;
}

/** The form schema of a group's card: each field read by its setting's type. */
export function cardSchema<S extends SettingsShape>(group: SettingsGroup<S>) {
  return z.object(
    Object.fromEntries(Object.entries(group.settings).map(([name, setting]) => [name, setting.type])) as {
      [K in keyof S]: S[K]["type"];
    },
  );
}

/** What a card's form shows in a field: the value as text, a secret never (its field starts empty). */
export function fieldText<T>(setting: Setting<T>, value: T): string {
  return setting.secret ? "" : setting.encode(value);
}

/** Shows a secret as "••••1a2b": enough to recognise it, never enough to use it. */
export function maskSecret(value: string): string {
  if (!value) return "";
  return value.length > 8 ? `••••${value.slice(-4)}` : "••••";
}

/** A saved secret's last 4 characters, for "saved, ending …1a2b"; null when none is saved. */
export function secretHint(value: string): string | null {
  return value ? value.slice(-4) : null;
}
