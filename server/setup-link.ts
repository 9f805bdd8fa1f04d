import type { Logger } from "~/lib/server/logger.server";
import { isLocalBaseUrl } from "~/domain/settings/unsafe-defaults";

/** Where the operator opens the setup link: the shop's public address once it has one, else where it listens. */
export function setupLinkUrl(setupPath: string, listeningUrl: string, publicBaseUrl: string): string {
  const base = isLocalBaseUrl(publicBaseUrl) ? listeningUrl : publicBaseUrl.trim();
  return `${base.replace(/\/+$/, "")}${setupPath}`;
}

/**
 * The first-run link, said twice: in the JSON log for whoever collects it, and
 * as a plain block on stderr, where someone who just ran `npm start` is looking,
 * after everything logged before it.
 */
export function announceSetupLink(
  logger: Logger,
  url: string,
  write: (text: string) => void = (text) => process.stderr.write(text),
): void {
  logger.warn({ setupUrl: url }, `no admin account yet: open ${url} to create it (link valid 24 h, once)`);
  write(setupLinkBlock(url));
}

/** The framed block a person reads: the link, how long it lasts, and how to print a new one. */
export function setupLinkBlock(url: string): string {
  const rule = "=".repeat(72);
  return [
    "",
    rule,
    "  No admin account yet. Open this link to create it (valid 24 hours, once):",
    "",
    `    ${url}`,
    "",
    "  Afterwards, sign in at /admin. Lost this link? `npm run setup-link` prints a new one.",
    rule,
    "",
    "",
  ].join("\n");
}
