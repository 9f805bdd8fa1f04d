/**
 * What the orders search looks in through its trigram index (ADR 0005,
 * migrations 0006 and 0025): the target, the order id, the buyer's name and
 * phone. Shared by the migration that builds the index and the query that
 * uses it, so the two cannot drift apart.
 */

/** SQLite: the columns of the FTS5 table `orders_search` (external content: columns of `orders`). */
export const SEARCHED_COLUMNS = ["target", "order_id", "customer_name", "customer_phone"] as const;

/**
 * PostgreSQL: one lower-cased text of those columns, joined by a control
 * character nobody types, so a term never matches across two of them. The
 * GIN trigram index is on this very expression; a query must use it as is
 * for the planner to use the index.
 */
export const SEARCH_TEXT_PG =
  "lower(order_id || E'\\x01' || target || E'\\x01' || coalesce(customer_name, '') || E'\\x01' || coalesce(customer_phone, ''))";
