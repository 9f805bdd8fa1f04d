import { describe, expect, it } from "vitest";
import { defaultSiteSettings } from "~/domain/settings/registry";
import { SAMPLE_PROOF_CARDS, SAMPLE_TESTIMONIALS } from "~/domain/social-proof/samples.server";
import { homeContent } from "./home.server";
import { POLICY_SLUGS, formatWhatsappNumber, policyPage } from "./pages.server";
import { CANCELLATION_TERMS_MARK, RETENTION_TERMS_MARK } from "./policy-marks";

describe("policy pages", () => {
  it("renders every page with its settings filled in and escaped", () => {
    const settings = { ...defaultSiteSettings(), supportEmail: "help@<shop>.in", retentionDays: 90 };
    for (const slug of POLICY_SLUGS) {
      const page = policyPage(slug, settings);
      expect(page.title.length).toBeGreaterThan(3);
      expect(page.html).toContain("<h2");
      expect(page.html).not.toMatch(/\{\{\w+\}\}/);
      expect(page.html).not.toContain("<shop>");
    }
    // The retention period is stated from the setting by the page, in its language (retention-terms.tsx).
    expect(policyPage("privacy-policy", settings).html).toContain(RETENTION_TERMS_MARK);
    expect(policyPage("privacy-policy", settings).retentionDays).toBe(90);
    expect(policyPage("privacy-policy", settings).html).not.toContain("90 days");
    expect(policyPage("privacy-policy", settings).html).toContain("help@&lt;shop&gt;.in");
  });

  it("marks where the cancellation terms go in the refund policy and the terms, with the fee as set", () => {
    const settings = { ...defaultSiteSettings(), cancellationFeePercent: 7 };
    for (const slug of ["refund-policy", "terms-of-service"] as const) {
      const page = policyPage(slug, settings);
      expect(page.html).toContain(CANCELLATION_TERMS_MARK);
      expect(page.cancellationFeePercent).toBe(7);
      // No fixed figure for the fee is left in the text itself.
      expect(page.html).not.toMatch(/\d+\s*%/);
    }
  });

  it("formats Indian WhatsApp numbers for reading", () => {
    expect(formatWhatsappNumber("919876543210")).toBe("+91 98765 43210");
    expect(formatWhatsappNumber("4915112345678")).toBe("+4915112345678");
  });
});

describe("home content", () => {
  it("ships 3 sample proof items and 8 sample testimonials in three languages, and fills FAQ placeholders", () => {
    const content = homeContent(
      { ...defaultSiteSettings(), deliveryStartMinutes: 45 },
      { proof: SAMPLE_PROOF_CARDS, testimonials: SAMPLE_TESTIMONIALS },
    );
    expect(content.proof).toHaveLength(3);
    expect(content.testimonials).toHaveLength(8);
    expect(new Set(content.testimonials.map((t) => t.language))).toEqual(new Set(["hi", "en", "hinglish"]));
    const answers = content.faq.map((f) => f.answer).join(" ");
    expect(answers).toContain("within 45 minutes");
    expect(answers).not.toMatch(/\{\{\w+\}\}/);
  });
});
