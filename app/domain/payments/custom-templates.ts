import { RE2JS } from "re2js";

/**
 * Templates the operator adds for a bank the built-in reader misses: a
 * regular expression with named groups, kept in the settings as JSON. Each
 * runs on RE2 (re2js), a linear-time engine: no pattern, however written
 * (`.*.*.*`, `(a+)+`), can make a long alert stall the shop, because RE2
 * never backtracks. Lookarounds and back-references, which need
 * backtracking, are refused when the template is saved, with the reason.
 * An SMS template names the sender ids it may come from, checked before its
 * pattern runs.
 */

export type AlertChannel = "sms" | "email";

export type TemplateGroups = Partial<Record<"amount" | "utr" | "vpa" | "date" | "time", string>>;

export interface AlertTemplate {
  id: string;
  label: string;
  channel: AlertChannel;
  /** For SMS: whether the sender id is one the template may come from. */
  sender?: (sender: string) => boolean;
  /** The named groups of the first match in the text, or null. Linear in the text's length. */
  match: (text: string) => TemplateGroups | null;
}

export interface CustomTemplateInput {
  name: string;
  channel: AlertChannel;
  pattern: string;
  /** For SMS: a regular expression the sender id must match (e.g. HDFCBK$). */
  senders?: string;
}

export const MAX_CUSTOM_TEMPLATES = 20;
const MAX_PATTERN_CHARS = 600;
const GROUPS = ["amount", "utr", "vpa", "date", "time"] as const;

/** A refusal names the form field at fault (the Settings card shows it there). */
export type TemplateCheck =
  | { ok: true; template: AlertTemplate }
  | { ok: false; message: string; field: "name" | "channel" | "pattern" | "senders" };

/** A pattern compiled for RE2, or why it cannot be (the engine's own words, or a plainer reason for backtracking syntax). */
function compileRe2(source: string): { ok: true; re: RE2JS } | { ok: false; message: string } {
  if (/\(\?<?[=!]/.test(source)) {
    return {
      ok: false,
      message: "uses a lookaround ((?=…), (?!…), (?<=…)), which the shop's linear-time engine does not run",
    };
  }
  if (/\\[1-9]|\\k</.test(source)) {
    return {
      ok: false,
      message: "uses a back-reference (\\1, \\k<…>), which the shop's linear-time engine does not run",
    };
  }
  try {
    return { ok: true, re: RE2JS.compile(source, RE2JS.CASE_INSENSITIVE) };
  } catch (error) {
    return { ok: false, message: `is not a valid regular expression (${(error as Error).message})` };
  }
}

export function compileTemplate(input: CustomTemplateInput, index = 0): TemplateCheck {
  const name = input.name.trim();
  const label = name || `Template ${index + 1}`;
  const fail = (message: string, field: "name" | "channel" | "pattern" | "senders" = "pattern"): TemplateCheck => ({
    ok: false,
    message: `${label}: ${message}`,
    field,
  });
  if (name.length === 0 || name.length > 60) return fail("give it a name of 1-60 characters", "name");
  if (input.channel !== "sms" && input.channel !== "email") return fail("choose SMS or e-mail", "channel");
  const source = input.pattern.trim();
  if (source.length === 0 || source.length > MAX_PATTERN_CHARS) {
    return fail(`the pattern must be 1-${MAX_PATTERN_CHARS} characters`);
  }
  const compiled = compileRe2(source);
  if (!compiled.ok) return fail(`the pattern ${compiled.message}`);
  if (!/\(\?P?<amount>/.test(source)) {
    return fail("the pattern must capture the amount in a group named amount: (?<amount>…)");
  }
  for (const group of source.matchAll(/\(\?P?<([A-Za-z]\w*)>/g)) {
    if (!(GROUPS as readonly string[]).includes(group[1]!)) {
      return fail(`unknown group "${group[1]}": use amount, utr, vpa, date and time`);
    }
  }
  const re = compiled.re;
  let sender: ((sender: string) => boolean) | undefined;
  const senderSource = (input.senders ?? "").trim();
  if (input.channel === "sms") {
    if (senderSource.length === 0) {
      return fail("name the SMS sender ids it may come from (e.g. HDFCBK$): anyone can text your phone", "senders");
    }
    if (senderSource.length > 200) return fail("the sender pattern is too long", "senders");
    const senders = compileRe2(senderSource);
    if (!senders.ok) return fail(`the sender pattern ${senders.message}`, "senders");
    sender = (s) => senders.re.matcher(s.trim()).find();
  }
  return {
    ok: true,
    template: {
      id: `custom-${index + 1}`,
      label: name,
      channel: input.channel,
      sender,
      match: (text) => {
        const m = re.matcher(text);
        if (!m.find()) return null;
        const groups: TemplateGroups = {};
        for (const group of GROUPS) {
          if (!source.includes(`<${group}>`)) continue;
          const value = m.group(group);
          if (value !== null && value !== undefined) groups[group] = value;
        }
        return groups;
      },
    },
  };
}

/** The stored list, as saved (it was checked then); an entry that no longer compiles is skipped. */
export function loadCustomTemplates(json: string | null | undefined): {
  inputs: CustomTemplateInput[];
  templates: AlertTemplate[];
} {
  let inputs: CustomTemplateInput[] = [];
  try {
    const parsed: unknown = JSON.parse(json || "[]");
    if (Array.isArray(parsed)) inputs = parsed.filter(isInput).slice(0, MAX_CUSTOM_TEMPLATES);
  } catch {
    inputs = [];
  }
  const templates: AlertTemplate[] = [];
  inputs.forEach((input, i) => {
    const checked = compileTemplate(input, i);
    if (checked.ok) templates.push(checked.template);
  });
  return { inputs, templates };
}

function isInput(value: unknown): value is CustomTemplateInput {
  const v = value as Record<string, unknown> | null;
  return (
    typeof v?.name === "string" &&
    (v.channel === "sms" || v.channel === "email") &&
    typeof v.pattern === "string" &&
    (v.senders === undefined || typeof v.senders === "string")
  );
}
