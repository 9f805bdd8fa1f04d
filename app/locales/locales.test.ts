import { describe, expect, it } from "vitest";
import { en } from "./en";
import enBuyerMessages from "./en/buyer-messages";
import { hi } from "./hi";
import hiBuyerMessages from "./hi/buyer-messages";

/** Every leaf of a texts object as "namespace.key.key" → text. */
function leaves(value: unknown, prefix = ""): Map<string, string> {
  const found = new Map<string, string>();
  if (typeof value === "string") return found.set(prefix, value);
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    for (const [path, text] of leaves(inner, prefix ? `${prefix}.${key}` : key)) found.set(path, text);
  }
  return found;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

// The pages' texts, and what the buyer is sent (WhatsApp, e-mail, push: app/domain/buyer-messages/words.ts).
describe.each([
  ["pages", en, hi],
  ["buyer messages", enBuyerMessages, hiBuyerMessages],
])("the Hindi texts of the %s", (_, englishTexts, hindiTexts) => {
  const english = leaves(englishTexts);
  const hindi = leaves(hindiTexts);

  it("have exactly the English keys: nothing missing, nothing left over", () => {
    expect([...hindi.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it("fill in the same values as the English ones", () => {
    for (const [key, text] of english) expect(placeholders(hindi.get(key) ?? ""), key).toEqual(placeholders(text));
  });

  it("are written in Hindi: no English text copied over untranslated", () => {
    // Brand and payment words stay in Latin script, as people write them; whole sentences do not.
    const untranslated = [...english].filter(([key, text]) => text.length > 20 && hindi.get(key) === text);
    expect(untranslated).toEqual([]);
  });
});
