import type { Logger } from "~/lib/logger.server";
import { isUnsafePublicBaseUrl, publicBaseUrlProblem } from "~/domain/settings/unsafe-defaults";

/**
 * In production a local or plain-HTTP public address ends up in every canonical, the sitemap, link previews
 * and the links in the operator's alerts, and nothing else fails loudly: say so once, as the server starts.
 * Returns whether it warned.
 */
export function warnAboutPublicBaseUrl(
  logger: Logger,
  { nodeEnv, publicBaseUrl, fromEnv }: { nodeEnv: string; publicBaseUrl: string; fromEnv: boolean },
): boolean {
  if (nodeEnv !== "production" || !isUnsafePublicBaseUrl(publicBaseUrl)) return false;
  logger.warn(
    { publicBaseUrl, source: fromEnv ? "PUBLIC_BASE_URL" : "setting" },
    `public address is not ready for real buyers: ${publicBaseUrlProblem(publicBaseUrl, fromEnv)}`,
  );
  return true;
}
