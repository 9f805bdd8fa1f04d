/** The demo brand, shown until the operator sets their own (and on error pages that cannot read settings). */
export const DEFAULT_BRAND_NAME = "BoostKaro";
