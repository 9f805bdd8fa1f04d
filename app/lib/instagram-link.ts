/** The only hosts a buyer's target may link to: Instagram itself, never a lookalike. */
const INSTAGRAM_HOSTS = new Set(["instagram.com", "www.instagram.com"]);

/** An Instagram username as the order form stores it (cleanUsername), with an optional leading @. */
const INSTAGRAM_HANDLE = /^@?[A-Za-z0-9._]{1,30}$/;

/**
 * The https address of the Instagram page a buyer's target names, or null when
 * it names anything else. Decided on the parsed URL, never on the text: a
 * target merely containing "instagram.com" ("instagram.com.evil.in",
 * "instagram.com@evil.in", "evilinstagram.com") is not a link to Instagram.
 * Buyers often leave out the scheme, so text without one is read as https.
 */
export function instagramHref(target: string): string | null {
  const value = target.trim();
  if (!value) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  // url.host carries a port that is not https's own, so "instagram.com:8443" is not Instagram.
  if (url.protocol !== "https:" || !INSTAGRAM_HOSTS.has(url.host)) return null;
  if (url.username || url.password) return null;
  return url.href;
}

/** The Instagram profile of a followers order's handle, or null when the target is not a handle. */
export function instagramProfileHref(target: string): string | null {
  const value = target.trim();
  if (!INSTAGRAM_HANDLE.test(value)) return null;
  return `https://instagram.com/${encodeURIComponent(value.replace(/^@/, ""))}`;
}
