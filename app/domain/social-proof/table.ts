import type { Generated, Insertable, Selectable } from "kysely";
import type { Timestamps } from "~/db/timestamps";

export const TESTIMONIAL_LANGUAGES = ["en", "hi", "hinglish"] as const;
export type TestimonialLanguage = (typeof TESTIMONIAL_LANGUAGES)[number];

export const PROOF_TYPES = ["followers", "likes", "views", "comments"] as const;
export type ProofType = (typeof PROOF_TYPES)[number];

export interface TestimonialTable extends Timestamps {
  id: Generated<number>;
  name: string;
  handle: string;
  content: string;
  rating: number;
  /** yyyy-mm-dd: when the customer gave it. */
  given_on: string;
  language: TestimonialLanguage;
  /** 1: shown on the public site; 0: a draft. */
  published: Generated<number>;
}

export interface ProofCardTable extends Timestamps {
  id: Generated<number>;
  service_type: ProofType;
  title: string;
  description: string;
  before_label: string;
  before_value: string;
  after_label: string;
  after_value: string;
  /** JSON array of { label, value }. */
  stats: string;
  /** 1: the operator checked this result themselves. */
  verified: Generated<number>;
  published: Generated<number>;
}

export type TestimonialRow = Selectable<TestimonialTable>;
export type NewTestimonialRow = Insertable<TestimonialTable>;
export type ProofCardRow = Selectable<ProofCardTable>;
export type NewProofCardRow = Insertable<ProofCardTable>;
