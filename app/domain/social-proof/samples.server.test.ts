import { describe, expect, it } from "vitest";
import { defaultSiteSettings } from "~/domain/settings/registry";
import { SAMPLE_TESTIMONIALS } from "./samples.server";

describe("sample testimonials", () => {
  it("name nobody as the seeded grievance officer, which reads as a placeholder", () => {
    const officer = defaultSiteSettings().grievanceOfficerName;
    expect(officer).toMatch(/placeholder/i);
    for (const t of SAMPLE_TESTIMONIALS) expect(t.name.toLowerCase()).not.toBe(officer.toLowerCase());
    for (const t of SAMPLE_TESTIMONIALS) expect(t.name.toLowerCase()).not.toBe("priya sharma");
  });
});
