import type { ServiceType } from "~/domain/panel/service-types";

/**
 * How a panel wants the link of an order, per service type, set with the
 * panel (Admin → Panels). Panels that check links refuse a bare username for
 * followers (`neworder.error.invalid_link`), others take the username; some
 * refuse a post link without `https://` or with Instagram's share tracking
 * (`?igsh=…`). The defaults are what the strictest families accept
 * (docs/panels.md): the full profile URL for followers, post and reel links as
 * the buyer gave them.
 */

export const PROFILE_LINK_FORMS = ["profile_url", "username"] as const;
export type ProfileLinkForm = (typeof PROFILE_LINK_FORMS)[number];

export const POST_LINK_FORMS = ["as_given", "canonical"] as const;
export type PostLinkForm = (typeof POST_LINK_FORMS)[number];

export interface LinkForms {
  followers: ProfileLinkForm;
  likes: PostLinkForm;
  views: PostLinkForm;
  comments: PostLinkForm;
}

export const DEFAULT_LINK_FORMS: LinkForms = {
  followers: "profile_url",
  likes: "as_given",
  views: "as_given",
  comments: "as_given",
};

export const PROFILE_LINK_FORM_LABELS: Record<ProfileLinkForm, string> = {
  profile_url: "Full profile URL (https://www.instagram.com/username/)",
  username: "Username only (username)",
};

export const POST_LINK_FORM_LABELS: Record<PostLinkForm, string> = {
  as_given: "As the buyer gave it",
  canonical: "Clean URL (https://www.instagram.com/p/CODE/, no tracking)",
};

/**
 * The forms as stored (settings PANEL_LINK_FOLLOWERS, …_LIKES, …_VIEWS,
 * …_COMMENTS), read leniently: what is missing or unknown takes the default.
 */
export function readLinkForms(stored: Partial<Record<ServiceType, string>>): LinkForms {
  const pick = <T extends string>(value: string | undefined, allowed: readonly T[], fallback: T): T =>
    allowed.includes(value?.trim() as T) ? (value!.trim() as T) : fallback;
  return {
    followers: pick(stored.followers, PROFILE_LINK_FORMS, DEFAULT_LINK_FORMS.followers),
    likes: pick(stored.likes, POST_LINK_FORMS, DEFAULT_LINK_FORMS.likes),
    views: pick(stored.views, POST_LINK_FORMS, DEFAULT_LINK_FORMS.views),
    comments: pick(stored.comments, POST_LINK_FORMS, DEFAULT_LINK_FORMS.comments),
  };
}

const HANDLE = /^@?([A-Za-z0-9._]{1,30})$/;
const PROFILE_URL = /^(?:https?:\/\/)?(?:www\.)?instagram\.com\/([A-Za-z0-9._]{1,30})\/?(?:[?#].*)?$/i;
const POST_PATH = /^\/(p|reel|reels|tv)\/([A-Za-z0-9_-]{5,64})/i;

/** `https://www.instagram.com/p/CODE/` from a post, reel or IGTV link in any spelling; null when it is none. */
export function canonicalPostUrl(link: string): string | null {
  const text = link.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase();
  if (host !== "instagram.com" && !host.endsWith(".instagram.com")) return null;
  const match = POST_PATH.exec(url.pathname);
  if (!match) return null;
  const kind = match[1]!.toLowerCase() === "reels" ? "reel" : match[1]!.toLowerCase();
  return `https://www.instagram.com/${kind}/${match[2]}/`;
}

/**
 * The link an order goes to a panel with: the buyer's username or post link
 * (the order's target) in the form this panel takes for the service type.
 */
export function linkFor(serviceType: ServiceType, target: string, forms: LinkForms = DEFAULT_LINK_FORMS): string {
  const text = target.trim();
  if (serviceType === "followers") {
    const handle = HANDLE.exec(text)?.[1] ?? PROFILE_URL.exec(text)?.[1];
    if (!handle) return text;
    return forms.followers === "username" ? handle : `https://www.instagram.com/${handle}/`;
  }
  if (forms[serviceType] === "canonical") return canonicalPostUrl(text) ?? text;
  return text;
}
