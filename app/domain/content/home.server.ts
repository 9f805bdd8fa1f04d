import { z } from "zod";
import type { ShopSettings } from "~/domain/settings/registry";
import type { ProofItem, Testimonial } from "~/domain/social-proof/types";
import faqJson from "../../../content/home/faq.json";
import faqHindiJson from "../../../content/home/faq.hi.json";
import { contentPlaceholders, fillText } from "./pages.server";

const faqSchema = z.array(z.object({ question: z.string().min(1), answer: z.string().min(1) })).min(1);

export type FaqItem = z.infer<typeof faqSchema>[number];

// Checked once at start-up: a broken edit stops the server with the file named, not a blank section.
function parseFaq(json: unknown, file: string): FaqItem[] {
  const parsed = faqSchema.safeParse(json);
  if (!parsed.success) throw new Error(`${file}: ${parsed.error.message}`);
  return parsed.data;
}
const FAQ = { en: parseFaq(faqJson, "content/home/faq.json"), hi: parseFaq(faqHindiJson, "content/home/faq.hi.json") };

export interface HomeContent {
  proof: ProofItem[];
  testimonials: Testimonial[];
  faq: FaqItem[];
}

/** Home-page items with {{setting}} placeholders filled from the current settings. */
export function homeContent(
  settings: ShopSettings,
  social: { proof: readonly ProofItem[]; testimonials: readonly Testimonial[] },
  locale: "en" | "hi" = "en",
): HomeContent {
  const values = contentPlaceholders(settings);
  const fill = (text: string) => fillText(text, values);
  return {
    proof: social.proof.map((p) => ({ ...p, title: fill(p.title), description: fill(p.description) })),
    testimonials: social.testimonials.map((t) => ({ ...t, content: fill(t.content) })),
    faq: FAQ[locale].map((f) => ({ question: fill(f.question), answer: fill(f.answer) })),
  };
}
