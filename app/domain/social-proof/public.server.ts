import { z } from "zod";
import type { DB } from "~/db/database.server";
import type { Config } from "~/lib/server/config.server";
import { hasPublishedTestimonial, listPublishedTestimonials } from "./testimonials.repository.server";
import { listPublishedProofCards } from "./proof-cards.repository.server";
import { SAMPLE_PROOF_CARDS, SAMPLE_PROOF_CARDS_HI, SAMPLE_TESTIMONIALS } from "./samples.server";
import type { ProofCardRow, TestimonialRow } from "./table";
import type { Labelled, ProofItem, Testimonial } from "./types";

/**
 * Whether the public site may fill an empty section with the shipped samples:
 * in development and tests, and in the demo (the panel simulator runs, so no
 * order is real and the admin's banner says so). A shop in production without
 * the simulator shows only what its operator published.
 */
export function showsSamples(config: Pick<Config, "NODE_ENV" | "PANEL_SIMULATOR">): boolean {
  return config.NODE_ENV !== "production" || config.PANEL_SIMULATOR;
}

export function testimonialFromRow(row: TestimonialRow): Testimonial {
  return {
    name: row.name,
    handle: row.handle,
    content: row.content,
    rating: row.rating,
    date: row.given_on,
    language: row.language,
  };
}

const storedStats = z.array(z.object({ label: z.string().min(1), value: z.string().min(1) }));

/** Stats are written only through the form's schema; a row edited by hand shows none rather than failing the page. */
function parseStats(text: string): Labelled[] {
  try {
    return storedStats.safeParse(JSON.parse(text)).data ?? [];
  } catch {
    return [];
  }
}

export function proofItemFromRow(row: ProofCardRow): ProofItem {
  return {
    type: row.service_type,
    title: row.title,
    description: row.description,
    before: { label: row.before_label, value: row.before_value },
    after: { label: row.after_label, value: row.after_value },
    stats: parseStats(row.stats),
    verified: row.verified === 1,
  };
}

export interface PublicSocialProof {
  testimonials: readonly Testimonial[];
  proof: readonly ProofItem[];
}

/**
 * What the home page shows: the published items; where none are published,
 * the samples only when `withSamples`, else nothing (the section is hidden).
 * Samples never mix with real items.
 */
export async function publicSocialProof(
  db: DB,
  withSamples: boolean,
  locale: "en" | "hi" = "en",
): Promise<PublicSocialProof> {
  const samples = locale === "hi" ? SAMPLE_PROOF_CARDS_HI : SAMPLE_PROOF_CARDS;
  const [testimonials, proof] = await Promise.all([listPublishedTestimonials(db), listPublishedProofCards(db)]);
  return {
    testimonials:
      testimonials.length > 0 ? testimonials.map(testimonialFromRow) : withSamples ? SAMPLE_TESTIMONIALS : [],
    proof: proof.length > 0 ? proof.map(proofItemFromRow) : withSamples ? samples : [],
  };
}

/** Whether the home page has a testimonials section, for the header's link to it. */
export async function hasPublicTestimonials(db: DB, withSamples: boolean): Promise<boolean> {
  return (withSamples && SAMPLE_TESTIMONIALS.length > 0) || hasPublishedTestimonial(db);
}
