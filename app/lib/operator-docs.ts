/**
 * The project's guides an operator may need, served as admin pages
 * (`/admin/docs/<name>`, app/domain/content/operator-docs.server.ts) so a help
 * text that says where to read more links to a page, not to a file path.
 */
export const OPERATOR_DOCS = {
  payments: "Payments that confirm themselves",
  "operator-alerts": "Operator alerts",
  deploy: "Deploying the shop",
  panels: "SMM panels",
  "order-lifecycle": "The order lifecycle",
  product: "Product rules",
  security: "Security",
  "buyer-messages": "Buyer messages",
  configuration: "Configuration",
} as const;

export type OperatorDoc = keyof typeof OPERATOR_DOCS;

export function isOperatorDoc(name: string): name is OperatorDoc {
  return Object.hasOwn(OPERATOR_DOCS, name);
}

/** The admin page of a guide, at one of its sections when given (the heading's words, as GitHub makes its anchor). */
export function operatorDocHref(name: OperatorDoc, section?: string): string {
  return `/admin/docs/${name}${section ? `#${headingSlug(section)}` : ""}`;
}

/** "Source: SMS forwarder" → "source-sms-forwarder", as GitHub anchors a heading. */
export function headingSlug(text: string): string {
  return text
    .toLowerCase()
    .trim()
    .replace(/<[^>]+>/g, "")
    .replace(/[^\p{L}\p{N}\s-]/gu, "")
    .replace(/\s/g, "-");
}

/** "docs/payments.md" (or "docs/payments.md#source-sms-forwarder") in a help text, and the guide it names. */
export const DOC_MENTION = /docs\/([a-z-]+)\.md(#[a-z0-9-]+)?/g;
