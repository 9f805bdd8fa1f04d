import { z } from "zod";
import proofJson from "../../../content/home/proof.json";
import proofHindiJson from "../../../content/home/proof.hi.json";
import testimonialsJson from "../../../content/home/testimonials.json";
import { PROOF_TYPES, TESTIMONIAL_LANGUAGES } from "./table";
import type { ProofItem, Testimonial } from "./types";

/**
 * The testimonials and proof cards shipped with the shop. They are fictional
 * samples: the admin marks them "Sample", and a shop in production never
 * shows them (public.server.ts).
 */

const labelled = z.object({ label: z.string().min(1), value: z.string().min(1) });

const proofSchema = z.array(
  z.object({
    type: z.enum(PROOF_TYPES),
    title: z.string().min(1),
    description: z.string().min(1),
    before: labelled,
    after: labelled,
    stats: z.array(labelled).max(6),
    verified: z.boolean(),
  }),
);

const testimonialSchema = z.array(
  z.object({
    name: z.string().min(1),
    handle: z.string().regex(/^@[\w.]+$/, "expected @handle"),
    content: z.string().min(1),
    rating: z.number().int().min(1).max(5),
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "expected yyyy-mm-dd"),
    language: z.enum(TESTIMONIAL_LANGUAGES),
  }),
);

function parse<S extends z.ZodType>(schema: S, data: unknown, file: string): z.infer<S> {
  const result = schema.safeParse(data);
  if (!result.success) throw new Error(`content/home/${file}: ${result.error.message}`);
  return result.data;
}

// Checked once at start-up: a broken edit stops the server with the file named.
export const SAMPLE_PROOF_CARDS: readonly ProofItem[] = parse(proofSchema, proofJson, "proof.json");
/** The same samples in Hindi, for the Hindi home page (issue 45: it showed the English ones). */
export const SAMPLE_PROOF_CARDS_HI: readonly ProofItem[] = parse(proofSchema, proofHindiJson, "proof.hi.json");
export const SAMPLE_TESTIMONIALS: readonly Testimonial[] = parse(
  testimonialSchema,
  testimonialsJson,
  "testimonials.json",
);
