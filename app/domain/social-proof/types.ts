import type { ProofType, TestimonialLanguage } from "./table";

/** A testimonial as the home page shows it. */
export interface Testimonial {
  name: string;
  handle: string;
  content: string;
  /** 1–5 stars. */
  rating: number;
  /** yyyy-mm-dd. */
  date: string;
  language: TestimonialLanguage;
}

export interface Labelled {
  label: string;
  value: string;
}

/** A before/after result card as the home page shows it. */
export interface ProofItem {
  type: ProofType;
  title: string;
  description: string;
  before: Labelled;
  after: Labelled;
  stats: Labelled[];
  verified: boolean;
}
