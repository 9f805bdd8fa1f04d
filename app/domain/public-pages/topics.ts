/**
 * The kinds of data a public page shows, each a topic of the page cache (ADR 0021):
 * a cached page declares the topics it reads (server/public-pages.ts), a write
 * bumps the topic of what it changed, next to the write
 * (app/domain/public-pages/changes.server.ts), and only the pages reading it
 * are rendered again.
 *
 * - `plans`: the packages and their prices (service pages, the "from ₹X" of every header).
 * - `settings`: the shop's settings (brand, contacts, delivery times, policy texts' values).
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
