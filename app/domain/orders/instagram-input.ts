import type { ServiceType } from "~/domain/plans/table";

/**
 * What a buyer types on a service page, checked with the rules in docs/product.md
 * (Service pages and the target input).
 * Pure, so the browser and the server apply exactly the same rules.
 */

export const INPUT_MESSAGES = {
  invalidUsername: "❌ Invalid username!",
  emptyLink: "Please enter your Instagram post link",
  viewsLink: "Invalid link! Enter a (reel, or IGTV) link",
  postLink: "Invalid link! Enter a (post or reel) link",
  otherLink: "Invalid link! Please enter a valid Instagram link",
  generic: "An error occurred. Please try again.",
} as const;

/** Which fields step one asks for, per service. */
export const SERVICE_INPUTS: Record<ServiceType, { username: boolean; postLink: boolean }> = {
  followers: { username: true, postLink: false },
  likes: { username: true, postLink: true },
  views: { username: false, postLink: true },
  comments: { username: true, postLink: true },
};

/** Instagram caps usernames at 30 characters. */
export const MAX_USERNAME_LENGTH = 30;
export const MAX_LINK_LENGTH = 300;
const INSTAGRAM_HOST = "instagram.com";

export type InputResult = { ok: true; value: string } | { ok: false; message: string };

/**
 * The username clean-up: a leading @ goes, trailing whitespace becomes one
 * underscore, hyphens and anything outside letters, digits, dot and
 * underscore become underscores. Leading whitespace (a stray tap) is dropped.
 */
export function cleanUsername(raw: string): string {
  return raw
    .replace(/^\s+/, "")
    .replace(/^@/, "")
    .replace(/\s+$/, "_")
    .replace(/[^A-Za-z0-9._]/g, "_");
}

export function validateUsername(raw: string): InputResult {
  const value = cleanUsername(raw);
  if (value === "" || value.length > MAX_USERNAME_LENGTH) {
    return { ok: false, message: INPUT_MESSAGES.invalidUsername };
  }
  return { ok: true, value };
}

function parseInstagramUrl(link: string): URL | null {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(link) ? link : `https://${link}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== "https:" && url.protocol !== "http:") return null;
    const host = url.hostname.toLowerCase();
    return host === INSTAGRAM_HOST || host.endsWith(`.${INSTAGRAM_HOST}`) ? url : null;
  } catch {
    return null;
  }
}

function pathHasAny(url: URL, parts: string[]): boolean {
  const path = url.pathname.toLowerCase();
  return parts.some((p) => path.includes(p));
}

/** Post or reel link per service; the value is the trimmed link. */
export function validatePostLink(service: ServiceType, raw: string): InputResult {
  const link = raw.trim();
  if (link === "") return { ok: false, message: INPUT_MESSAGES.emptyLink };
  const url = link.length <= MAX_LINK_LENGTH ? parseInstagramUrl(link) : null;
  switch (service) {
    case "views":
      return url && pathHasAny(url, ["/reel/", "/tv/"])
        ? { ok: true, value: link }
        : { ok: false, message: INPUT_MESSAGES.viewsLink };
    case "likes":
    case "comments":
      return url && pathHasAny(url, ["/p/", "/reel/", "/tv/"])
        ? { ok: true, value: link }
        : { ok: false, message: INPUT_MESSAGES.postLink };
    default:
      return url ? { ok: true, value: link } : { ok: false, message: INPUT_MESSAGES.otherLink };
  }
}

export interface TargetInput {
  username?: string | null;
  postLink?: string | null;
}

export type TargetResult =
  | { ok: true; username: string | null; postLink: string | null; target: string }
  | { ok: false; field: "username" | "postLink"; message: string };

/**
 * Everything step one asks for on one service page. The order's target is what
 * the panel needs: the username for followers, the post link otherwise.
 */
export function validateTarget(service: ServiceType, input: TargetInput): TargetResult {
  const needs = SERVICE_INPUTS[service];
  let username: string | null = null;
  let postLink: string | null = null;
  if (needs.username) {
    const result = validateUsername(input.username ?? "");
    if (!result.ok) return { ok: false, field: "username", message: result.message };
    username = result.value;
  }
  if (needs.postLink) {
    const result = validatePostLink(service, input.postLink ?? "");
    if (!result.ok) return { ok: false, field: "postLink", message: result.message };
    postLink = result.value;
  }
  return { ok: true, username, postLink, target: postLink ?? username ?? "" };
}
