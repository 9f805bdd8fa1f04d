import type { ServiceType } from "~/domain/panel/service-types";
import { readUsername } from "./instagram-input";

/**
 * What an order is delivered to, normalised so two orders for the same thing
 * compare equal (issue 51, point 5: no overlapping orders at the panel): the
 * service, then the account (an Instagram username is case-insensitive; an @,
 * spaces or a profile link around it do not count) or the post (its
 * shortcode: `/p/CODE`, `/reel/CODE`, `/reels/CODE`, `/tv/CODE`, also under
 * `/<account>/p/CODE`, on any Instagram host, whatever the query says; a
 * shortcode is case-sensitive, so it is kept as written). Followers for
 * @priya and likes on one of her posts are different targets.
 * Pure: the migration, the checkout and fulfilment read it the same.
 */
export function targetKey(service: ServiceType, target: string): string {
  if (service === "followers") return `${service}:@${accountOf(target)}`;
  const code = shortcodeOf(target);
  if (code) return `${service}:post:${code}`;
  // Not a link we can read (an old order, a typed-in oddity): the link itself, without its query or case.
  return `${service}:link:${target
    .trim()
    .replace(/[?#].*$/, "")
    .replace(/\/+$/, "")
    .toLowerCase()}`;
}

/** The account a username or profile link names, in lower case. */
export function accountOf(target: string): string {
  const reading = readUsername(target);
  return (reading.ok ? reading.name : target.trim().replace(/^@/, "")).toLowerCase();
}

const MEDIA_PATHS = new Set(["p", "reel", "reels", "tv"]);

/** The media shortcode of an Instagram post, reel or IGTV link; null when the text is not one. */
export function shortcodeOf(link: string): string | null {
  const text = link.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase();
  if (
    host !== "instagram.com" &&
    !host.endsWith(".instagram.com") &&
    host !== "instagr.am" &&
    host !== "www.instagr.am"
  ) {
    return null;
  }
  const parts = url.pathname.split("/").filter(Boolean);
  // /p/CODE, or /<account>/p/CODE as Instagram's share links now also write it.
  const at = MEDIA_PATHS.has(parts[0]?.toLowerCase() ?? "")
    ? 0
    : MEDIA_PATHS.has(parts[1]?.toLowerCase() ?? "")
      ? 1
      : -1;
  const code = at >= 0 ? parts[at + 1] : undefined;
  return code && /^[A-Za-z0-9_-]{5,64}$/.test(code) ? code : null;
}
