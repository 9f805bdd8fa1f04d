import { describe, expect, it } from "vitest";
import { defaultSiteSettings } from "~/domain/settings/registry";
import { SAMPLE_PROOF_CARDS, SAMPLE_PROOF_CARDS_HI, SAMPLE_TESTIMONIALS } from "./samples.server";

describe("sample testimonials", () => {
  it("name nobody as the seeded grievance officer, which reads as a placeholder", () => {
    const officer = defaultSiteSettings().grievanceOfficerName;
    expect(officer).toMatch(/placeholder/i);
    for (const t of SAMPLE_TESTIMONIALS) expect(t.name.toLowerCase()).not.toBe(officer.toLowerCase());
    for (const t of SAMPLE_TESTIMONIALS) expect(t.name.toLowerCase()).not.toBe("priya sharma");
  });
});

describe("the sample proof cards in Hindi (issue 45: the Hindi home page showed the English ones)", () => {
  it("are the same results as the English ones, card for card", () => {
    expect(SAMPLE_PROOF_CARDS_HI.map((c) => [c.type, c.verified, c.stats.length])).toEqual(
      SAMPLE_PROOF_CARDS.map((c) => [c.type, c.verified, c.stats.length]),
    );
  });

  it("are written in Hindi: no English word in any of their texts", () => {
    const texts = SAMPLE_PROOF_CARDS_HI.flatMap((c) => [
      c.title,
      c.description,
      c.before.label,
      c.before.value,
      c.after.label,
      c.after.value,
      ...c.stats.flatMap((s) => [s.label, s.value]),
    ]);
    expect(texts.filter((text) => /[A-Za-z]{2,}/.test(text))).toEqual([]);
  });
});
