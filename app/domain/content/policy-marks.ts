/**
 * Where a policy document says `{{cancellationTerms}}` on a line of its own: the page puts the cancellation
 * fee's terms there, in the page's language, from the setting (app/components/site/cancellation-terms.tsx).
 */
export const CANCELLATION_TERMS_MARK = "<!--cancellation-terms-->";
