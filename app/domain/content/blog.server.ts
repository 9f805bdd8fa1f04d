import { z } from "zod";
import { fillPlaceholders, parseMarkdown } from "./markdown.server";

/** Words per minute for the "n min read" label; a relaxed pace for readers on a phone. */
const WORDS_PER_MINUTE = 200;

const isoDay = z
  .union([z.string(), z.date()])
  .transform((value) => (value instanceof Date ? value.toISOString().slice(0, 10) : value))
  .refine((day) => /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), {
    message: "date must be YYYY-MM-DD",
  });

const frontMatter = z.object({
  slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "slug must be lower-case words joined by hyphens"),
  title: z.string().trim().min(1),
  description: z.string().trim().min(1),
  excerpt: z.string().trim().min(1),
  date: isoDay,
  /** The day the article last changed in substance; the publication day when absent. */
  modified: isoDay.optional(),
  author: z.string().trim().min(1),
});

export interface BlogPost {
  slug: string;
  title: string;
  /** Meta description. */
  description: string;
  /** Shown on the blog index card. */
  excerpt: string;
  /** Publication day, YYYY-MM-DD. */
  date: string;
  /** Last substantive change, YYYY-MM-DD (the publication day unless the front matter says `modified`). */
  modified: string;
  author: string;
  /** Body as HTML; may hold {{setting}} placeholders, filled by `articleHtml`. */
  html: string;
  words: number;
  readingMinutes: number;
}

/**
 * Parses every article; throws naming the file when one is malformed, so a bad
 * article fails the build and the tests rather than a reader's request.
 */
export function loadBlogPosts(files: Record<string, string>): BlogPost[] {
  const posts = Object.entries(files).map(([path, raw]) => {
    const doc = parseMarkdown(raw, frontMatter, path);
    const fileSlug = /([^/]+)\.md$/.exec(path)?.[1];
    if (fileSlug !== doc.meta.slug) throw new Error(`${path}: slug "${doc.meta.slug}" must match the file name`);
    const modified = doc.meta.modified ?? doc.meta.date;
    if (modified < doc.meta.date) throw new Error(`${path}: modified (${modified}) is before date (${doc.meta.date})`);
    return {
      ...doc.meta,
      modified,
      html: doc.html,
      words: doc.words,
      readingMinutes: Math.max(1, Math.ceil(doc.words / WORDS_PER_MINUTE)),
    };
  });
  // Newest first; the slug breaks ties so the order never depends on file-system order.
  return posts.sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
}

// Bundled at build time: the server never reads content/ at run time, and adding
// an article is adding one Markdown file.
const sources = import.meta.glob<string>("/content/blog/*.md", { query: "?raw", import: "default", eager: true });

const posts = loadBlogPosts(sources);
const bySlug = new Map(posts.map((post) => [post.slug, post]));

/** Every article, newest first. */
export function listBlogPosts(): readonly BlogPost[] {
  return posts;
}

export function findBlogPost(slug: string): BlogPost | undefined {
  return bySlug.get(slug);
}

/** Claims that depend on run-time settings (e.g. when delivery starts) come from the settings, not the text. */
export function articleHtml(post: BlogPost, settings: { deliveryStartMinutes: number | string }): string {
  return fillPlaceholders(post.html, { deliveryStartMinutes: String(settings.deliveryStartMinutes) });
}

/** The publication day as a timestamp at midnight in India (IST, UTC+5:30). */
export function publishedAt(post: Pick<BlogPost, "date">): Date {
  return new Date(`${post.date}T00:00:00+05:30`);
}
