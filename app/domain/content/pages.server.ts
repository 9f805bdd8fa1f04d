import { z } from "zod";
import type { ShopSettings } from "~/domain/settings/registry";
import { type MarkdownDocument, fillPlaceholders, parseMarkdown } from "./markdown.server";
import { CANCELLATION_TERMS_MARK, RETENTION_TERMS_MARK } from "./policy-marks";

export const POLICY_SLUGS = ["privacy-policy", "terms-of-service", "delivery-policy", "refund-policy"] as const;
export type PolicySlug = (typeof POLICY_SLUGS)[number];

const frontMatter = z.object({ title: z.string().min(1), description: z.string().min(1) });
export type PolicyMeta = z.infer<typeof frontMatter>;

// Bundled at build time, so the server never depends on the working directory.
const sources = import.meta.glob<string>("../../../content/pages/*.md", {
  query: "?raw",
  import: "default",
  eager: true,
});

const documents = new Map<PolicySlug, MarkdownDocument<PolicyMeta>>();
for (const slug of POLICY_SLUGS) {
  const source = Object.entries(sources).find(([path]) => path.endsWith(`/${slug}.md`))?.[1];
  if (source === undefined) throw new Error(`content/pages/${slug}.md is missing`);
  documents.set(slug, parseMarkdown(source, frontMatter, `content/pages/${slug}.md`));
}

const MONTHS = ["january","february","march","april","may","june","july","august","september","october","november","december"];

/** The policy's own "Last updated: 22 November 2026" line as 2026-11-22, or undefined when it has none. */
export function policyLastUpdated(slug: PolicySlug): string | undefined {
  const source = Object.entries(sources).find(([path]) => path.endsWith(`/${slug}.md`))?.[1] ?? "";
  const m = /^Last updated:\s*(\d{1,2})\s+([A-Za-z]+)\s+(\d{4})\s*$/m.exec(source);
  const month = m ? MONTHS.indexOf(m[2]!.toLowerCase()) + 1 : 0;
  if (!m || month === 0) return undefined;
  return `${m[3]}-${String(month).padStart(2, "0")}-${m[1]!.padStart(2, "0")}`;
}

/** "919876543210" → "+91 98765 43210"; anything else is shown as typed. */
export function formatWhatsappNumber(digits: string): string {
  const clean = digits.replace(/\D/g, "");
  if (/^91\d{10}$/.test(clean)) return `+91 ${clean.slice(2, 7)} ${clean.slice(7)}`;
  return clean ? `+${clean}` : digits;
}

/**
 * The settings that content may quote as {{name}}. Secrets and panel details
 * are deliberately absent, so no content file can ever print them.
 */
export function contentPlaceholders(settings: ShopSettings): Record<string, string> {
  return {
    brandName: settings.brandName,
    merchantName: settings.merchantName,
    supportEmail: settings.supportEmail,
    supportPhone: settings.supportPhone,
    whatsappNumber: formatWhatsappNumber(settings.whatsappNumber),
    location: settings.location,
    grievanceOfficerName: settings.grievanceOfficerName,
    grievanceOfficerDesignation: settings.grievanceOfficerDesignation,
    grievanceOfficerContact: settings.grievanceOfficerContact,
    deliveryStartMinutes: String(settings.deliveryStartMinutes),
    retentionDays: String(settings.retentionDays),
  };
}

export interface PolicyPage extends PolicyMeta {
  slug: PolicySlug;
  /** The document; each CANCELLATION_TERMS_MARK (RETENTION_TERMS_MARK) in it stands for the cancellation (retention) terms. */
  html: string;
  /** The cancellation fee as set (Settings → Cancellation fee), which those terms state. */
  cancellationFeePercent: number;
  /** Days before a buyer's name and phone are erased (Settings → Retention period), which the privacy terms state. */
  retentionDays: number;
}

/** A policy page rendered to HTML with the current settings filled in (values HTML-escaped). */
export function policyPage(slug: PolicySlug, settings: ShopSettings): PolicyPage {
  const doc = documents.get(slug)!;
  const values = contentPlaceholders(settings);
  return {
    slug,
    title: fillText(doc.meta.title, values),
    description: fillText(doc.meta.description, values),
    html: fillPlaceholders(
      doc.html
        .replaceAll("<p>{{cancellationTerms}}</p>", CANCELLATION_TERMS_MARK)
        .replaceAll("<p>{{retentionTerms}}</p>", RETENTION_TERMS_MARK),
      values,
    ),
    cancellationFeePercent: settings.cancellationFeePercent,
    retentionDays: settings.retentionDays,
  };
}

/** Fills {{name}} in plain text that React will escape itself. */
export function fillText(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}
