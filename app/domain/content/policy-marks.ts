/**
 * Where a policy document says `{{cancellationTerms}}` on a line of its own: the page puts the cancellation
 * fee's terms there, in the page's language, from the setting (app/components/site/cancellation-terms.tsx).
 */
export const CANCELLATION_TERMS_MARK = "<!--cancellation-terms-->";

/**
 * Where the privacy policy says `{{retentionTerms}}` on a line of its own: how long the buyer's details are kept
 * and how to have them erased, in the page's language, from the setting (app/components/site/retention-terms.tsx).
 */
export const RETENTION_TERMS_MARK = "<!--retention-terms-->";
