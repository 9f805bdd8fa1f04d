import type { Logger } from "~/lib/server/logger.server";
import { defaultSiteSettings } from "~/domain/settings/registry";
import { isUnsafePublicBaseUrl } from "~/domain/settings/unsafe-defaults";

export interface PublicUrlFacts {
  nodeEnv: string;
  /** The address the shop uses in links: PUBLIC_BASE_URL when set, else the setting. */
  publicBaseUrl: string;
  fromEnv: boolean;
  /** Where this server answers, and on which PORT. */
  listeningUrl: string;
  port: number;
}

/** The warning's words: what is wrong, with the real addresses (where the shop listens, and where its links point). */
export function publicUrlWarning({ publicBaseUrl, fromEnv, listeningUrl, port }: PublicUrlFacts): string {
  const shown = publicBaseUrl.trim() || "empty";
  const listening = `The shop answers at ${listeningUrl} (PORT=${port}).`;
  if (fromEnv) {
    return `PUBLIC_BASE_URL is ${shown}, not an https:// address buyers can reach: links, canonicals, the sitemap and link previews use it. ${listening} Set PUBLIC_BASE_URL to your https:// address.`;
  }
  const seeded = publicBaseUrl.trim() === defaultSiteSettings().publicBaseUrl ? " (its default)" : "";
  return `PUBLIC_BASE_URL is not set and the Public Base URL setting is ${shown}${seeded}: links, canonicals, the sitemap and link previews use it. ${listening} Set PUBLIC_BASE_URL, or the Public Base URL in Admin → Settings, to your https:// address.`;
}

/**
 * In production a local or plain-HTTP public address ends up in every canonical, the sitemap, link previews
 * and the links in the operator's alerts, and nothing else fails loudly: say so once, as the server starts.
 * Returns whether it warned.
 */
export function warnAboutPublicBaseUrl(logger: Logger, facts: PublicUrlFacts): boolean {
  if (facts.nodeEnv !== "production" || !isUnsafePublicBaseUrl(facts.publicBaseUrl)) return false;
  logger.warn(
    {
      publicBaseUrl: facts.publicBaseUrl,
      source: facts.fromEnv ? "PUBLIC_BASE_URL" : "setting",
      listeningUrl: facts.listeningUrl,
    },
    `public address is not ready for real buyers: ${publicUrlWarning(facts)}`,
  );
  return true;
}
