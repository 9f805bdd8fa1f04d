import { z } from "zod";
import { MAX_SERIAL_ID } from "~/db/serial-id";
import { filledText } from "~/lib/form-schema";
import { UNKNOWN_ACTION } from "~/lib/intent";
import { PROOF_TYPES, TESTIMONIAL_LANGUAGES } from "./table";

/**
 * The Social proof page's forms: one schema per form, checked in the browser
 * and by the page's action through conform's `parseWithZod`.
 */

const id = z.coerce
  .number({ error: "Item not found" })
  .int("Item not found")
  .min(1, "Item not found")
  .max(MAX_SERIAL_ID, "Item not found");

const trimmed = (needed: string, max: number, tooLong: string) =>
  filledText(needed, max, tooLong).transform((v) => v.trim());

function isRealDate(text: string): boolean {
  const at = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === text;
}

export const testimonialFields = z.object({
  name: trimmed("Enter the customer's name", 60, "The name can be at most 60 characters"),
  handle: z
    .string({ error: "Enter the customer's Instagram handle" })
    .trim()
    .transform((v) => (v.startsWith("@") ? v : `@${v}`))
    .refine((v) => /^@[\w.]{1,30}$/.test(v), "A handle is @ and up to 30 letters, digits, dots or underscores"),
  content: trimmed("Enter what the customer said", 400, "Keep the testimonial under 400 characters"),
  rating: z.coerce
    .number({ error: "Choose a rating" })
    .int("Choose a rating")
    .min(1, "Choose a rating from 1 to 5")
    .max(5, "Choose a rating from 1 to 5"),
  date: z
    .string({ error: "Enter the date the customer gave it" })
    .trim()
    .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && isRealDate(v), "Enter the date as yyyy-mm-dd"),
  language: z.enum(TESTIMONIAL_LANGUAGES, { error: "Choose the language it is written in" }),
});
export type TestimonialInput = z.output<typeof testimonialFields>;

const MAX_STATS = 6;

/** "Label: value" per line, e.g. "Delivery time: About 40 hours". */
const statsText = z
  .string()
  .default("")
  .transform((text, ctx) => {
    const lines = text
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean);
    if (lines.length > MAX_STATS) {
      ctx.addIssue({ code: "custom", message: `At most ${MAX_STATS} figures` });
      return z.NEVER;
    }
    const stats = [];
    for (const line of lines) {
      const at = line.indexOf(":");
      const label = line.slice(0, at).trim();
      const value = line.slice(at + 1).trim();
      if (at < 1 || !label || !value || label.length > 40 || value.length > 40) {
        ctx.addIssue({ code: "custom", message: "Write each figure as Label: value (up to 40 characters each)" });
        return z.NEVER;
      }
      stats.push({ label, value });
    }
    return stats;
  });

export const proofCardFields = z.object({
  type: z.enum(PROOF_TYPES, { error: "Choose a service" }),
  title: trimmed("Enter a title", 80, "The title can be at most 80 characters"),
  description: trimmed("Describe the result", 300, "Keep the description under 300 characters"),
  beforeLabel: trimmed("Enter the before label", 40, "The before label can be at most 40 characters"),
  beforeValue: trimmed("Enter the before figure", 40, "The before figure can be at most 40 characters"),
  afterLabel: trimmed("Enter the after label", 40, "The after label can be at most 40 characters"),
  afterValue: trimmed("Enter the after figure", 40, "The after figure can be at most 40 characters"),
  stats: statsText,
  /** A checkbox: present ("on") when ticked. */
  verified: z
    .string()
    .optional()
    .transform((v) => v === "on" || v === "true"),
});
export type ProofCardInput = z.output<typeof proofCardFields>;

export const createTestimonialForm = testimonialFields.extend({ intent: z.literal("testimonial.create") });
export const updateTestimonialForm = testimonialFields.extend({ intent: z.literal("testimonial.update"), id });
export const createProofCardForm = proofCardFields.extend({ intent: z.literal("proof.create") });
export const updateProofCardForm = proofCardFields.extend({ intent: z.literal("proof.update"), id });

const published = z.enum(["true", "false"], { error: "Say whether to publish" }).transform((v) => v === "true");

/** Everything the Social proof page submits, one shape per button. */
export const socialProofActionSchema = z.discriminatedUnion(
  "intent",
  [
    createTestimonialForm,
    updateTestimonialForm,
    z.object({ intent: z.literal("testimonial.publish"), id, published }),
    z.object({ intent: z.literal("testimonial.delete"), id }),
    createProofCardForm,
    updateProofCardForm,
    z.object({ intent: z.literal("proof.publish"), id, published }),
    z.object({ intent: z.literal("proof.delete"), id }),
  ],
  UNKNOWN_ACTION,
);
export type SocialProofAction = z.output<typeof socialProofActionSchema>;
export type SocialProofIntent = SocialProofAction["intent"];

/** Stats as the proof form's textarea shows them. */
export function statsToText(stats: ReadonlyArray<{ label: string; value: string }>): string {
  return stats.map((s) => `${s.label}: ${s.value}`).join("\n");
}
