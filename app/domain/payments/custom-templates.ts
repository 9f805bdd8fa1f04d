import type { AlertChannel, AlertTemplate } from "./alert-templates";

/**
 * Templates the operator adds when a bank words its alerts differently: a
 * regular expression with named groups, kept in the settings as JSON. Each is
 * checked before it is saved, so a bad one is a clear message in Settings,
 * never an error while an alert is read.
 */

export interface CustomTemplateInput {
  name: string;
  channel: AlertChannel;
  pattern: string;
  /** For SMS: a regular expression the sender id must match (e.g. HDFCBK$). */
  senders?: string;
}

export const MAX_CUSTOM_TEMPLATES = 20;
const MAX_PATTERN_CHARS = 600;
/** A group repeated inside a repeated group, the shape that backtracks for ever on a hostile alert. */
const NESTED_REPEAT = /\((?:[^()\\]|\\.)*[+*](?:[^()\\]|\\.)*\)(?:[+*]|\{\d+,\d*\})/;

export type TemplateCheck = { ok: true; template: AlertTemplate } | { ok: false; message: string };

export function compileTemplate(input: CustomTemplateInput, index = 0): TemplateCheck {
  const name = input.name.trim();
  const label = name || `Template ${index + 1}`;
  const fail = (message: string): TemplateCheck => ({ ok: false, message: `${label}: ${message}` });
  if (name.length === 0 || name.length > 60) return fail("give it a name of 1-60 characters");
  if (input.channel !== "sms" && input.channel !== "email") return fail("choose SMS or e-mail");
  const source = input.pattern.trim();
  if (source.length === 0 || source.length > MAX_PATTERN_CHARS) {
    return fail(`the pattern must be 1-${MAX_PATTERN_CHARS} characters`);
  }
  let pattern: RegExp;
  try {
    pattern = new RegExp(source, "i");
  } catch (error) {
    return fail(`the pattern is not a valid regular expression (${(error as Error).message})`);
  }
  if (!/\(\?<amount>/.test(source))
    return fail("the pattern must capture the amount in a group named amount: (?<amount>…)");
  for (const group of source.matchAll(/\(\?<([A-Za-z]\w*)>/g)) {
    if (!["amount", "utr", "vpa", "date", "time"].includes(group[1]!)) {
      return fail(`unknown group "${group[1]}": use amount, utr, vpa, date and time`);
    }
  }
  if (NESTED_REPEAT.test(source))
    return fail("a repeated group inside a repetition can hang on a long alert; simplify it");
  let senders: RegExp | undefined;
  const senderSource = (input.senders ?? "").trim();
  if (input.channel === "sms") {
    if (senderSource.length === 0) {
      return fail("name the SMS sender ids it may come from (e.g. HDFCBK$): anyone can text your phone");
    }
    if (senderSource.length > 200) return fail("the sender pattern is too long");
    try {
      senders = new RegExp(senderSource, "i");
    } catch (error) {
      return fail(`the sender pattern is not a valid regular expression (${(error as Error).message})`);
    }
  }
  return { ok: true, template: { id: `custom-${index + 1}`, label: name, channel: input.channel, pattern, senders } };
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
