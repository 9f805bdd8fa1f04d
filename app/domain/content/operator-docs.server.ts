import { Marked } from "marked";
import { OPERATOR_DOCS, type OperatorDoc, headingSlug, isOperatorDoc, operatorDocHref } from "~/lib/operator-docs";
import { escapeHtml } from "./markdown.server";

/**
 * The guides in docs/, bundled at build time and rendered for the admin
 * (issue 45: help texts said "docs/payments.md", a file an operator on a phone
 * cannot open). Headings get GitHub's anchors, so a link can open a section;
 * a link or a `docs/….md` mention of another served guide goes to its page,
 * and a link to anything else in the repository (an ADR, the README) is kept
 * as its words, since the shop does not serve it.
 */
const sources = import.meta.glob<string>("/docs/*.md", { query: "?raw", import: "default", eager: true });

export interface OperatorDocPage {
  name: OperatorDoc;
  title: string;
  html: string;
}

function guideHref(target: string): string | null {
  const match = /^(?:\.\/|\.\.\/docs\/|docs\/)?([a-z-]+)\.md(#[\w-]+)?$/.exec(target);
  if (!match || !isOperatorDoc(match[1]!)) return null;
  return `${operatorDocHref(match[1])}${match[2] ?? ""}`;
}

const marked = new Marked({
  gfm: true,
  async: false,
  renderer: {
    heading({ tokens, depth }) {
      const inner = this.parser.parseInline(tokens);
      return `<h${depth} id="${headingSlug(inner)}">${inner}</h${depth}>\n`;
    },
    link({ href, tokens }) {
      const inner = this.parser.parseInline(tokens);
      if (/^https?:\/\//.test(href)) return `<a href="${escapeHtml(href)}" rel="noreferrer">${inner}</a>`;
      const page = href.startsWith("#") ? href : guideHref(href);
      return page ? `<a href="${escapeHtml(page)}">${inner}</a>` : inner;
    },
    codespan({ text }) {
      const code = `<code>${text}</code>`;
      const page = guideHref(text.replace(/&#?\w+;/g, ""));
      return page ? `<a href="${escapeHtml(page)}">${code}</a>` : code;
    },
  },
});

/** Each guide rendered on its first request and kept: every process start would otherwise render them all. */
const pages = new Map<OperatorDoc, OperatorDocPage>();
const served = new Map<OperatorDoc, string>();
for (const [path, raw] of Object.entries(sources)) {
  const name = /\/docs\/([a-z-]+)\.md$/.exec(path)?.[1];
  if (name && isOperatorDoc(name)) served.set(name, raw);
}

export function operatorDoc(name: string): OperatorDocPage | null {
  if (!isOperatorDoc(name)) return null;
  const raw = served.get(name);
  if (raw === undefined) return null;
  let page = pages.get(name);
  if (!page) {
    // The first heading is the page's title, shown by the page itself.
    const body = raw.replace(/^# .*\n/, "");
    page = { name, title: OPERATOR_DOCS[name], html: marked.parse(body) as string };
    pages.set(name, page);
  }
  return page;
}

/** Every served guide, for the index of the docs pages. */
export function operatorDocs(): { name: OperatorDoc; title: string }[] {
  return [...served.keys()].map((name) => ({ name, title: OPERATOR_DOCS[name] }));
}
