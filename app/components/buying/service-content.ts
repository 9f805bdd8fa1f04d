import type { ServiceType } from "~/domain/panel/service-types";
// Relative: the build's social-image plugin loads this file before the "~" alias exists.
import { stripLocale } from "../../lib/i18n/locale";

/** A service page; its words are in the `service` texts under its type (app/locales/<language>/service.ts). */
export interface ServiceContent {
  type: ServiceType;
  /** The English address; the Hindi one is under /hi. */
  path: string;
}

export const SERVICE_CONTENT: Record<ServiceType, ServiceContent> = {
  followers: { type: "followers", path: "/followers" },
  likes: { type: "likes", path: "/likes" },
  views: { type: "views", path: "/views" },
  comments: { type: "comments", path: "/comments" },
};

/** Also accepts the client's data requests for the page ("/followers.data", "/hi/followers/_.data"), in either language. */
export function serviceForPath(pathname: string): ServiceContent | undefined {
  const path = stripLocale(pathname.replace(/(\/_)?\.data$/, "").replace(/\/+$/, ""));
  return Object.values(SERVICE_CONTENT).find((s) => s.path === path);
}
