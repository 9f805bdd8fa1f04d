import type { ServiceType } from "~/domain/panel/service-types";
import { canonicalPostUrl } from "~/domain/panel/link-forms";
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

/** The media shortcode of an Instagram post, reel or IGTV link (also `/<account>/p/CODE`); null when it is none. */
export function shortcodeOf(link: string): string | null {
  const withoutAccount = link.replace(/(instagram\.com\/)[A-Za-z0-9._]{1,30}\/(?=(?:p|reels?|tv)\/)/i, "$1");
  // The panel's own reading of a post link (`https://www.instagram.com/p/CODE/`), its last part the code.
  return canonicalPostUrl(withoutAccount)?.split("/")[4] ?? null;
}
