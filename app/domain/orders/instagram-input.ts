import type { ServiceType } from "~/domain/panel/service-types";

/**
 * What a buyer types on a service page, checked with the rules in docs/product.md
 * (Service pages and the target input).
 * Pure, so the browser and the server apply exactly the same rules.
 */

export const INPUT_MESSAGES = {
  invalidUsername: "❌ Invalid username!",
  usernameTooLong: "❌ An Instagram username has at most 30 characters",
  usernameCharacters: "❌ An Instagram username has only letters, numbers, full stops (.) and underscores (_)",
  usernameDotEdge: "❌ An Instagram username cannot start or end with a full stop (.)",
  usernameDoubleDot: "❌ An Instagram username cannot have two full stops (..) in a row",
  usernameNoLetters: "❌ An Instagram username needs at least one letter or number",
  usernameSpaces: "❌ An Instagram username has no spaces",
  usernamePostLink: "❌ This is a link to a post. Enter the account's username, or a link to its profile",
  usernameOtherLink: "❌ This is not a link to an Instagram profile. Enter the account's username",
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
 * Whitespace as keyboards and copy-paste leave it: spaces, tabs, newlines, the
 * no-break space, and the zero-width characters a pasted text may carry.
 */
const EDGE_SPACE = /^[\s\u200B-\u200D\u2060\uFEFF]+|[\s\u200B-\u200D\u2060\uFEFF]+$/g;
const INNER_SPACE = /[\s\u200B-\u200D\u2060\uFEFF]/;

/** Where a profile link may point: Instagram's own web, mobile and short hosts. */
const PROFILE_HOSTS = new Set([
  "instagram.com",
  "www.instagram.com",
  "m.instagram.com",
  "instagr.am",
  "www.instagr.am",
]);
/** First path parts that are Instagram's own pages, not an account. */
const POST_PATHS = new Set(["p", "reel", "reels", "tv", "share"]);
const NOT_PROFILES = new Set(["explore", "accounts", "direct", "about", "legal", "developer", "web", "challenge", "s"]);

/**
 * Whether a link's first path part (any case) is one of Instagram's own pages rather than an account, so
 * `instagram.com/<it>` never names a profile (`/tv` is a video, `/stories/…` someone's story).
 */
export function isInstagramPage(pathPart: string): boolean {
  const part = pathPart.toLowerCase();
  return POST_PATHS.has(part) || NOT_PROFILES.has(part) || part === "_u" || part === "stories";
}

/** Text that is meant as a link (a username never has a "/" and never is one of these hosts). */
function looksLikeLink(text: string): boolean {
  return text.includes("/") || /^(?:www\.|m\.)?(?:instagram\.com|instagr\.am)$/i.test(text);
}

type LinkReading = { ok: true; name: string } | { ok: false; message: string };

/**
 * The account a pasted profile link names, as Instagram's share sheet and
 * browsers write it: `https://www.instagram.com/priya.creates/`,
 * `instagram.com/priya.creates?igsh=…` or `?utm_source=qr`, `m.instagram.com/…`,
 * `instagr.am/…`, `instagram.com/_u/…`, a profile tab (`/priya.creates/reels/`)
 * or a story (`/stories/priya.creates/…`). The query and fragment never count.
 */
function readProfileLink(text: string): LinkReading {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return { ok: false, message: INPUT_MESSAGES.usernameOtherLink };
  }
  const isWeb = url.protocol === "https:" || url.protocol === "http:";
  if (!isWeb || url.username || url.password || url.port || !PROFILE_HOSTS.has(url.hostname.toLowerCase())) {
    return { ok: false, message: INPUT_MESSAGES.usernameOtherLink };
  }
  const parts = url.pathname.split("/").filter(Boolean);
  const first = (parts[0] ?? "").toLowerCase();
  if (POST_PATHS.has(first)) return { ok: false, message: INPUT_MESSAGES.usernamePostLink };
  const name = first === "_u" || first === "stories" ? parts[1] : NOT_PROFILES.has(first) ? undefined : parts[0];
  if (!name) return { ok: false, message: INPUT_MESSAGES.usernameOtherLink };
  try {
    return { ok: true, name: decodeURIComponent(name) };
  } catch {
    return { ok: false, message: INPUT_MESSAGES.usernameOtherLink };
  }
}

/** What the buyer's text names, before Instagram's rules judge it; `changed` when we altered the name itself. */
export type UsernameReading = { ok: true; name: string; changed: boolean } | { ok: false; message: string };

/**
 * The clean-up, in this order: whitespace at either end goes first (Android
 * keyboards add a space after a word), then a profile link is read as the
 * account it names, then one leading @ goes and a hyphen becomes an
 * underscore (shown back to the buyer, `changed`). Whitespace is never turned
 * into a character: one inside the name is refused. Anything else is left
 * for the rules to judge: turning "ra#hul" or an emoji into underscores would
 * name somebody else's account.
 */
export function readUsername(raw: string): UsernameReading {
  const trimmed = raw.replace(EDGE_SPACE, "");
  let name = trimmed;
  if (looksLikeLink(trimmed)) {
    const link = readProfileLink(trimmed);
    if (!link.ok) return link;
    name = link.name.replace(EDGE_SPACE, "");
  }
  name = name.replace(/^@/, "");
  if (INNER_SPACE.test(name)) return { ok: false, message: INPUT_MESSAGES.usernameSpaces };
  const clean = name.replace(/-/g, "_");
  return { ok: true, name: clean, changed: clean !== name };
}

/** The name as the clean-up leaves it, or "" when it refuses the text (tests and the target link). */
export function cleanUsername(raw: string): string {
  const reading = readUsername(raw);
  return reading.ok ? reading.name : "";
}

/**
 * Instagram's own rules for a username (what its sign-up form refuses): 1 to
 * 30 characters, only ASCII letters, digits, "." and "_", no "." at either end
 * nor two in a row, and not only dots and underscores.
 */
export function validateUsername(raw: string): InputResult {
  const reading = readUsername(raw);
  const refuse = (message: string): InputResult => ({ ok: false, message });
  if (!reading.ok) return refuse(reading.message);
  const value = reading.name;
  if (value === "") return refuse(INPUT_MESSAGES.invalidUsername);
  if (!/^[A-Za-z0-9._]*$/.test(value)) return refuse(INPUT_MESSAGES.usernameCharacters);
  if (value.length > MAX_USERNAME_LENGTH) return refuse(INPUT_MESSAGES.usernameTooLong);
  if (value.startsWith(".") || value.endsWith(".")) return refuse(INPUT_MESSAGES.usernameDotEdge);
  if (value.includes("..")) return refuse(INPUT_MESSAGES.usernameDoubleDot);
  if (!/[A-Za-z0-9]/.test(value)) return refuse(INPUT_MESSAGES.usernameNoLetters);
  return { ok: true, value };
}

/**
 * Whether the clean-up changed the name itself (a hyphen became an
 * underscore), not only took the spaces, the @ or the link around it: then
 * the buyer is shown what we read ("We read this as @rahul_k") before the
 * packages, since the order goes to exactly that account.
 */
export function usernameWasChanged(raw: string): boolean {
  const reading = readUsername(raw);
  return reading.ok && reading.changed;
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

/**
 * Step one of a service page, the same in the browser and on the server (a
 * form sent without JavaScript): the packages, a refusal naming its field, or
 * `check` when the clean-up changed the username, so the buyer sees what we
 * read before choosing a package. Sending the cleaned name again goes on.
 */
export type StepOneResult =
  | { kind: "packages"; username: string | null; postLink: string | null }
  | { kind: "check"; username: string; postLink: string | null }
  | { kind: "error"; field: "username" | "postLink"; message: string };

export function readStepOne(service: ServiceType, input: TargetInput): StepOneResult {
  const result = validateTarget(service, input);
  if (!result.ok) return { kind: "error", field: result.field, message: result.message };
  if (result.username !== null && usernameWasChanged(input.username ?? "")) {
    return { kind: "check", username: result.username, postLink: result.postLink };
  }
  return { kind: "packages", username: result.username, postLink: result.postLink };
}
