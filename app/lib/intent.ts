/**
 * For every page's `z.discriminatedUnion("intent", …)`: an intent no form
 * sends is refused in the same words everywhere.
 */
export const UNKNOWN_ACTION = { error: "Unknown action" } as const;

/**
 * A guard for one card's forms (`z.object({ intent: z.literal(…) , … })`, a
 * list): whether a parsed action is one of them, narrowing its type, so a page
 * that joins several cards sends each intent to the feature that declared it.
 */
export function intentsOf<I extends string>(schemas: readonly { shape: { intent: { value: I } } }[]) {
  const intents: readonly string[] = schemas.map((schema) => schema.shape.intent.value);
  return <A extends { intent: string }>(action: A): action is Extract<A, { intent: I }> =>
    intents.includes(action.intent);
}
