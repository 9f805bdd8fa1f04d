/**
 * The kinds of data a public page shows, each a topic of the page cache (ADR 0021):
 * a cached page's route modules declare the topics their loaders read (`export
 * const reads`), a writer declares the topic of what it writes
 * (app/domain/public-pages/changes.server.ts: the generation moves in its
 * transaction, this process's pages go after its commit), and only the pages
 * reading it are rendered again.
 *
 * - `plans`: the packages and their prices (service pages, the "from ₹X" of every header).
 * - `settings`: the settings a public page shows (brand, contacts, delivery times, policy texts' values),
 *   each declared so in its settings declaration (`publicTopic`, app/domain/settings/define.ts).
 * - `proof`: testimonials and proof cards.
 * - `orders`: what orders say in public (the delivered-orders claim, the recent orders of a service page).
 */
export const PUBLIC_TOPICS = ["plans", "settings", "proof", "orders"] as const;

export type PublicTopic = (typeof PUBLIC_TOPICS)[number];

/**
 * Each topic's row in `public_pages_generation`. Row 1 is every topic at once
 * (a restore, the danger zone, or anything that cannot say what it changed),
 * as it was before topics.
 */
export const EVERY_TOPIC_ROW = 1;
export const TOPIC_ROW: Record<PublicTopic, number> = { plans: 2, settings: 3, proof: 4, orders: 5 };

/**
 * Not a page topic: the row of the shop's settings as every instance's copy
 * holds them (app/domain/settings/settings.server.ts, ADR 0019), public or not
 * (the retention period, sending paid orders automatically, the UPI ID). A
 * write of one moves it; the pages stay unless a page shows the setting.
 */
export const SETTINGS_COPY_ROW = 6;

/**
 * The tables whose rows each topic covers: what a page that reads one of them
 * must declare (checked on every render for the cache, server/public-pages.ts).
 * A page reading a table no topic covers is reported as well.
 */
export const TOPIC_TABLES: Record<PublicTopic, readonly string[]> = {
  plans: ["plans"],
  settings: ["settings", "receiving_accounts"],
  proof: ["testimonials", "proof_cards"],
  orders: ["orders"],
};

/** Tables any page may read without a topic: the generations themselves. */
export const UNTRACKED_TABLES: readonly string[] = ["public_pages_generation"];

/**
 * What a route module's loader reads, declared beside it as `export const
 * reads: PageReads = [...]`: a cached page is the union of its routes'
 * declarations, and is rendered again only when one of them changes. A
 * cached page's route with a loader must declare it (server/public-pages.ts
 * refuses to start otherwise), and a render that reads a topic's table it did
 * not declare is reported.
 */
export type PageReads = readonly PublicTopic[];
