import matter from "gray-matter";
import { marked } from "marked";
import type { z } from "zod";

export interface MarkdownDocument<Meta> {
  meta: Meta;
  html: string;
  /** Words of the body, for reading time and length checks. */
  words: number;
}

/** Parses front matter (validated by `schema`) and renders the body to HTML. */
export function parseMarkdown<S extends z.ZodType>(
  raw: string,
  schema: S,
  source = "markdown",
): MarkdownDocument<z.infer<S>> {
  const { data, content } = matter(raw);
  const meta = schema.safeParse(data);
  if (!meta.success) throw new Error(`${source}: bad front matter: ${meta.error.message}`);
  const html = marked.parse(content, { async: false, gfm: true });
  const words = content.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  return { meta: meta.data, html, words };
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/**
 * Replaces {{name}} with the HTML-escaped value, so settings typed by the
 * operator can never inject markup into a page. Unknown names stay visible
 * rather than silently vanishing.
 */
export function fillPlaceholders(html: string, values: Record<string, string>): string {
  return html.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in values ? escapeHtml(values[name]!) : whole,
  );
}
