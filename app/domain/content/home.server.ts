import { z } from "zod";
import type { SiteSettings } from "~/domain/settings/registry";
import faqJson from "../../../content/home/faq.json";
import proofJson from "../../../content/home/proof.json";
import testimonialsJson from "../../../content/home/testimonials.json";
import { contentPlaceholders, fillText } from "./pages.server";

const labelled = z.object({ label: z.string().min(1), value: z.string().min(1) });

const proofSchema = z
  .array(
    z.object({
      type: z.enum(["followers", "likes", "views", "comments"]),
      title: z.string().min(1),
      description: z.string().min(1),
      before: labelled,
      after: labelled,
      stats: z.array(labelled).max(6),
      verified: z.boolean(),
    }),
  )
  .min(1);

const testimonialSchema = z
  .array(
    z.object({
      name: z.string().min(1),
      handle: z.string().regex(/^@[\w.]+$/, "expected @handle"),
      content: z.string().min(1),
      rating: z.union([z.literal(4), z.literal(5)]),
      date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "expected yyyy-mm-dd"),
      language: z.enum(["hi", "en", "hinglish"]),
    }),
  )
  .min(1);

const faqSchema = z.array(z.object({ question: z.string().min(1), answer: z.string().min(1) })).min(1);

export type ProofItem = z.infer<typeof proofSchema>[number];
export type Testimonial = z.infer<typeof testimonialSchema>[number];
export type FaqItem = z.infer<typeof faqSchema>[number];

function parse<S extends z.ZodType>(schema: S, data: unknown, file: string): z.infer<S> {
  const result = schema.safeParse(data);
  if (!result.success) throw new Error(`content/home/${file}: ${result.error.message}`);
  return result.data;
}

// Checked once at start-up: a broken edit stops the server with the file named, not a blank section.
const proof = parse(proofSchema, proofJson, "proof.json");
const testimonials = parse(testimonialSchema, testimonialsJson, "testimonials.json");
const faq = parse(faqSchema, faqJson, "faq.json");

export interface HomeContent {
  proof: ProofItem[];
  testimonials: Testimonial[];
  faq: FaqItem[];
}

/** Home-page items with {{setting}} placeholders filled from the current settings. */
export function homeContent(settings: SiteSettings): HomeContent {
  const values = contentPlaceholders(settings);
  const fill = (text: string) => fillText(text, values);
  return {
    proof: proof.map((p) => ({ ...p, title: fill(p.title), description: fill(p.description) })),
    testimonials: testimonials.map((t) => ({ ...t, content: fill(t.content) })),
    faq: faq.map((f) => ({ question: fill(f.question), answer: fill(f.answer) })),
  };
}
