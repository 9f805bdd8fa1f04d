/**
 * The type guard of a `const` list: `isOneOf(ORDER_STATUSES)(value)` is true when the value is one of
 * the list's entries, and then TypeScript knows it as one. One guard for every list of names the code
 * reads back from a database, a form or a query string.
 */
export function isOneOf<const T extends readonly unknown[]>(values: T): (value: unknown) => value is T[number] {
  return (value: unknown): value is T[number] => values.includes(value);
}
