import { instagramHref, instagramProfileHref } from "~/lib/instagram-link";

/**
 * The orders list's target display (docs/product.md, Orders list): profile link for followers, truncated post links,
 * 'N/A' when empty. Buyers type targets, so only a genuine Instagram address
 * (checked on the parsed URL, see instagramHref) becomes a link; anything
 * else, lookalikes included, is shown as plain text.
 */
export function OrderTarget({ service, target }: { service: string; target: string }) {
  const value = target.trim();
  if (!value) return <span className="text-gray-500">N/A</span>;
  const link = instagramHref(value);
  if (link) {
    return (
      <a
        href={link}
        target="_blank"
        rel="noopener noreferrer"
        className="break-all text-blue-700 underline"
        title={value}
      >
        {value.length > 30 ? `${value.slice(0, 30)}...` : value}
      </a>
    );
  }
  // A handle that mentions instagram.com is a lookalike address, not a profile to link.
  const profile = service === "followers" && !/instagram\.com/i.test(value) ? instagramProfileHref(value) : null;
  if (profile) {
    return (
      <a href={profile} target="_blank" rel="noopener noreferrer" className="text-blue-700 underline">
        @{value.replace(/^@/, "")}
      </a>
    );
  }
  return <span className="break-all">{value}</span>;
}
