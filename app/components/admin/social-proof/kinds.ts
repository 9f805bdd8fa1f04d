/** Each kind of social proof's words in the admin, said once for its card and its dialog. */
export const SOCIAL_PROOF_KINDS = {
  testimonial: {
    heading: "Testimonials",
    noun: "testimonial",
    why: "Only a real customer's words, published with their consent.",
  },
  proof: {
    heading: "Proof cards",
    noun: "proof card",
    why: "A real customer's before and after, shared with their consent.",
  },
} as const;
