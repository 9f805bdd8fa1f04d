import { formatCount } from "./money";

const rules = new Intl.PluralRules("en-IN");

/**
 * The word for `count` things: `one` for exactly one, else `other` (the
 * word + "s" unless given, for irregular words such as "entry" → "entries").
 */
export function pluralWord(count: number, one: string, other: string = `${one}s`): string {
  return rules.select(count) === "one" ? one : other;
}

/** A count with its word, grouped the Indian way: plural(1, "item") → "1 item"; plural(1500, "order") → "1,500 orders". */
export function plural(count: number, one: string, other?: string): string {
  return `${formatCount(count)} ${pluralWord(count, one, other)}`;
}
