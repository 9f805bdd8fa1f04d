/**
 * The terms a buyer agrees to when ordering, named by the "Last updated" day
 * of content/pages/terms-of-service.md (a unit test keeps the two the same).
 * Each order keeps it beside the time of agreement (orders.terms_version), so
 * the shop can show which terms a buyer accepted, also after they change.
 */
export const TERMS_VERSION = "2026-11-29";
