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
 * The storefront's clean-up, as the original shop did it: leading whitespace
 * (a stray tap) and one leading @ go, trailing whitespace becomes one
 * underscore, and a space or hyphen inside becomes an underscore. Anything
 * else is left for the rules to judge: turning "ra#hul" or an emoji into
 * underscores would name somebody else's account.
 */
export function cleanUsername(raw: string): string {
  return raw.replace(/^\s+/, "").replace(/^@/, "").replace(/\s+$/, "_").replace(/[\s-]/g, "_");
}

/**
 * Instagram's own rules for a username (what its sign-up form refuses): 1 to
 * 30 characters, only ASCII letters, digits, "." and "_", no "." at either end
 * nor two in a row, and not only dots and underscores.
 */
export function validateUsername(raw: string): InputResult {
  const value = cleanUsername(raw);
  const refuse = (message: string): InputResult => ({ ok: false, message });
  if (value === "") return refuse(INPUT_MESSAGES.invalidUsername);
  if (!/^[A-Za-z0-9._]*$/.test(value)) return refuse(INPUT_MESSAGES.usernameCharacters);
  if (value.length > MAX_USERNAME_LENGTH) return refuse(INPUT_MESSAGES.usernameTooLong);
  if (value.startsWith(".") || value.endsWith(".")) return refuse(INPUT_MESSAGES.usernameDotEdge);
  if (value.includes("..")) return refuse(INPUT_MESSAGES.usernameDoubleDot);
  if (!/[A-Za-z0-9]/.test(value)) return refuse(INPUT_MESSAGES.usernameNoLetters);
  return { ok: true, value };
}

/**
 * Whether the clean-up changed more than the @ and the spaces around the
 * name: then the buyer is shown what we read ("We read this as @rahul_k")
 * before the packages, since the order goes to exactly that account.
 */
export function usernameWasChanged(raw: string, clean: string): boolean {
  return raw.trim().replace(/^@/, "") !== clean;
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
  if (result.username !== null && usernameWasChanged(input.username ?? "", result.username)) {
    return { kind: "check", username: result.username, postLink: result.postLink };
  }
  return { kind: "packages", username: result.username, postLink: result.postLink };
}
