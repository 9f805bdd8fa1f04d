import { useNonce } from "~/lib/nonce";
import { type JsonLd, jsonLdText } from "~/lib/structured-data";

/**
 * Structured data for search engines, one script per item. A data block, but it carries the nonce so the
 * Content-Security-Policy never has to guess.
 */
export function JsonLdScripts({ items }: { items: ReadonlyArray<JsonLd | null> }) {
  const nonce = useNonce();
  return (
    <>
      {items
        .filter((item): item is JsonLd => item !== null)
        .map((item, i) => (
          <script
            key={`${item["@type"]}-${i}`}
            type="application/ld+json"
            nonce={nonce || undefined}
            suppressHydrationWarning
            dangerouslySetInnerHTML={{ __html: jsonLdText(item) }}
          />
        ))}
    </>
  );
}
