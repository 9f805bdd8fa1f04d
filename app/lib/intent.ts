/**
 * For every page's `z.discriminatedUnion("intent", …)`: an intent no form
 * sends is refused in the same words everywhere.
 */
export const UNKNOWN_ACTION = { error: "Unknown action" } as const;
