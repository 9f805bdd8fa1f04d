import { describe, expect, it } from "vitest";
import { proofCardFields, socialProofActionSchema, statsToText, testimonialFields } from "./forms";

const testimonial = {
  name: " Kavya Reddy ",
  handle: "kavya.paints",
  content: "Good.",
  rating: "5",
  date: "2026-10-01",
  language: "hinglish",
};

describe("social proof forms", () => {
  it("reads a testimonial, trimming and adding the @", () => {
    expect(testimonialFields.parse(testimonial)).toEqual({
      name: "Kavya Reddy",
      handle: "@kavya.paints",
      content: "Good.",
      rating: 5,
      date: "2026-10-01",
      language: "hinglish",
    });
  });

  it("says what is wrong with a testimonial", () => {
    const problems = (over: Record<string, string>) =>
      testimonialFields.safeParse({ ...testimonial, ...over }).error?.issues.map((i) => i.message);
    expect(problems({ name: "   " })).toEqual(["Enter the customer's name"]);
    expect(problems({ handle: "@bad handle" })).toEqual([
      "A handle is @ and up to 30 letters, digits, dots or underscores",
    ]);
    expect(problems({ date: "2026-02-30" })).toEqual(["Enter the date as yyyy-mm-dd"]);
    expect(problems({ rating: "6" })).toEqual(["Choose a rating from 1 to 5"]);
    expect(problems({ language: "fr" })).toEqual(["Choose the language it is written in"]);
  });

  it("reads a proof card's figures one per line, and gives them back the same way", () => {
    const card = proofCardFields.parse({
      type: "likes",
      title: "Cover",
      description: "A cover post.",
      beforeLabel: "Before",
      beforeValue: "86 likes",
      afterLabel: "After",
      afterValue: "598 likes",
      stats: "Package: 500 likes\n\n Delivery time : About 9 hours ",
    });
    expect(card.stats).toEqual([
      { label: "Package", value: "500 likes" },
      { label: "Delivery time", value: "About 9 hours" },
    ]);
    expect(card.verified).toBe(false);
    expect(statsToText(card.stats)).toBe("Package: 500 likes\nDelivery time: About 9 hours");
    const bad = proofCardFields.safeParse({ ...card, stats: "no colon here" });
    expect(bad.error?.issues[0]?.message).toBe("Write each figure as Label: value (up to 40 characters each)");
  });

  it("refuses an unknown action and a bad id", () => {
    expect(socialProofActionSchema.safeParse({ intent: "testimonial.hack" }).error?.issues[0]?.message).toBe(
      "Unknown action",
    );
    expect(socialProofActionSchema.safeParse({ intent: "proof.delete", id: "abc" }).error?.issues[0]?.message).toBe(
      "Item not found",
    );
  });
});
