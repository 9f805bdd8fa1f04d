import { type DB, transaction } from "~/db/database.server";
import { type Actor, auditBy, recordAudit } from "~/domain/audit/audit.server";
import { publicTopicChanged } from "~/domain/public-pages/changes.server";
import { AppError } from "~/lib/app-error";
import type { ProofCardInput, SocialProofAction, TestimonialInput } from "./forms";
import {
  deleteProofCardRow,
  insertProofCard,
  listProofCards,
  setProofCardPublished,
  updateProofCardRow,
} from "./proof-cards.repository.server";
import { proofItemFromRow, testimonialFromRow } from "./public.server";
import { SAMPLE_PROOF_CARDS, SAMPLE_TESTIMONIALS } from "./samples.server";
import {
  deleteTestimonialRow,
  insertTestimonial,
  listTestimonials,
  setTestimonialPublished,
  updateTestimonialRow,
} from "./testimonials.repository.server";
import type { ProofItem, Testimonial } from "./types";

/** One row of the admin's lists: a sample (read-only, never public in production) or the operator's own. */
export type AdminItem<T> =
  { sample: true; key: string; item: T } | { sample: false; id: number; published: boolean; item: T };

export interface SocialProofAdminView {
  testimonials: AdminItem<Testimonial>[];
  proof: AdminItem<ProofItem>[];
}

/** The operator's items first, then the shipped samples. */
export async function socialProofAdminView(db: DB): Promise<SocialProofAdminView> {
  const [testimonials, proof] = await Promise.all([listTestimonials(db), listProofCards(db)]);
  return {
    testimonials: [
      ...testimonials.map((r) => ({
        sample: false as const,
        id: r.id,
        published: r.published === 1,
        item: testimonialFromRow(r),
      })),
      ...SAMPLE_TESTIMONIALS.map((item, i) => ({ sample: true as const, key: `sample-${i}`, item })),
    ],
    proof: [
      ...proof.map((r) => ({
        sample: false as const,
        id: r.id,
        published: r.published === 1,
        item: proofItemFromRow(r),
      })),
      ...SAMPLE_PROOF_CARDS.map((item, i) => ({ sample: true as const, key: `sample-${i}`, item })),
    ],
  };
}

const NOT_FOUND = () => new AppError("NOT_FOUND", "That item no longer exists");

/**
 * Every change is audited and declares the `proof` page-cache topic changed (ADR 0021): the home page shows
 * the items, every page's header links to the testimonials.
 */
async function recordChange(
  trx: DB,
  actor: Actor,
  action: string,
  targetType: "testimonial" | "proof_card",
  id: number,
  details: Record<string, unknown>,
  now: number,
) {
  await recordAudit(trx, { ...auditBy(actor), action, targetType, targetId: id, details }, now);
  await publicTopicChanged(trx, "proof");
}

const testimonialSummary = (t: { name: string; handle: string }) => ({ name: t.name, handle: t.handle });
const proofSummary = (p: ProofCardInput | ProofItem) => ({ type: p.type, title: p.title });

/** Each change is audited and refreshes the public pages, in the same transaction. */
export function createTestimonial(db: DB, actor: Actor, input: TestimonialInput, now = Date.now()) {
  return transaction(db, async (trx) => {
    const row = await insertTestimonial(trx, input, now);
    await recordChange(trx, actor, "testimonial.create", "testimonial", row.id, testimonialSummary(input), now);
    return row;
  });
}

export function updateTestimonial(db: DB, actor: Actor, id: number, input: TestimonialInput, now = Date.now()) {
  return transaction(db, async (trx) => {
    const row = await updateTestimonialRow(trx, id, input, now);
    if (!row) throw NOT_FOUND();
    await recordChange(trx, actor, "testimonial.update", "testimonial", id, testimonialSummary(input), now);
    return row;
  });
}

export function publishTestimonial(db: DB, actor: Actor, id: number, published: boolean, now = Date.now()) {
  return transaction(db, async (trx) => {
    const row = await setTestimonialPublished(trx, id, published, now);
    if (!row) throw NOT_FOUND();
    const action = published ? "testimonial.publish" : "testimonial.unpublish";
    await recordChange(trx, actor, action, "testimonial", id, testimonialSummary(row), now);
    return row;
  });
}

export function deleteTestimonial(db: DB, actor: Actor, id: number, now = Date.now()) {
  return transaction(db, async (trx) => {
    const row = await deleteTestimonialRow(trx, id);
    if (!row) throw NOT_FOUND();
    await recordChange(trx, actor, "testimonial.delete", "testimonial", id, testimonialSummary(row), now);
    return row;
  });
}

export function createProofCard(db: DB, actor: Actor, input: ProofCardInput, now = Date.now()) {
  return transaction(db, async (trx) => {
    const row = await insertProofCard(trx, input, now);
    await recordChange(trx, actor, "proof.create", "proof_card", row.id, proofSummary(input), now);
    return row;
  });
}

export function updateProofCard(db: DB, actor: Actor, id: number, input: ProofCardInput, now = Date.now()) {
  return transaction(db, async (trx) => {
    const row = await updateProofCardRow(trx, id, input, now);
    if (!row) throw NOT_FOUND();
    await recordChange(trx, actor, "proof.update", "proof_card", id, proofSummary(input), now);
    return row;
  });
}

export function publishProofCard(db: DB, actor: Actor, id: number, published: boolean, now = Date.now()) {
  return transaction(db, async (trx) => {
    const row = await setProofCardPublished(trx, id, published, now);
    if (!row) throw NOT_FOUND();
    const action = published ? "proof.publish" : "proof.unpublish";
    await recordChange(trx, actor, action, "proof_card", id, proofSummary(proofItemFromRow(row)), now);
    return row;
  });
}

export function deleteProofCard(db: DB, actor: Actor, id: number, now = Date.now()) {
  return transaction(db, async (trx) => {
    const row = await deleteProofCardRow(trx, id);
    if (!row) throw NOT_FOUND();
    await recordChange(trx, actor, "proof.delete", "proof_card", id, proofSummary(proofItemFromRow(row)), now);
    return row;
  });
}

/**
 * Runs one Social proof page action (already validated by
 * `socialProofActionSchema`); a missing item is NOT_FOUND.
 */
export async function runSocialProofAction(
  db: DB,
  actor: Actor,
  action: SocialProofAction,
): Promise<{ ok: true; message: string }> {
  switch (action.intent) {
    case "testimonial.create": {
      const { intent: _, ...input } = action;
      await createTestimonial(db, actor, input);
      return { ok: true, message: "Testimonial saved as a draft" };
    }
    case "testimonial.update": {
      const { intent: _, id, ...input } = action;
      await updateTestimonial(db, actor, id, input);
      return { ok: true, message: "Testimonial updated" };
    }
    case "testimonial.publish":
      await publishTestimonial(db, actor, action.id, action.published);
      return { ok: true, message: action.published ? "Testimonial published" : "Testimonial unpublished" };
    case "testimonial.delete":
      await deleteTestimonial(db, actor, action.id);
      return { ok: true, message: "Testimonial deleted" };
    case "proof.create": {
      const { intent: _, ...input } = action;
      await createProofCard(db, actor, input);
      return { ok: true, message: "Proof card saved as a draft" };
    }
    case "proof.update": {
      const { intent: _, id, ...input } = action;
      await updateProofCard(db, actor, id, input);
      return { ok: true, message: "Proof card updated" };
    }
    case "proof.publish":
      await publishProofCard(db, actor, action.id, action.published);
      return { ok: true, message: action.published ? "Proof card published" : "Proof card unpublished" };
    case "proof.delete":
      await deleteProofCard(db, actor, action.id);
      return { ok: true, message: "Proof card deleted" };
  }
}
