import { type PanelConnection, apiEndpoint, getBalance } from "./client.server";
import type { PanelFailure } from "./failures";

/**
 * Test connection's help with a pasted URL that does not answer as a panel API
 * (a 404 page, a redirect, the panel's home page): where the same panel does
 * answer. The shop posts to the URL exactly as pasted; this only offers a
 * correction for the operator to accept, and never saves one.
 *
 * Where panels put their API (docs/panels.md): PerfectPanel and its copies at
 * `/api/v2` (JAP's API page), SmartPanel's smm-panel-script at `/api/v1` (its
 * api.php: `"api_url" => BASE."api/v1"`), some at `/api/v3` or `/api.php`.
 * Only addresses on the same host are tried, with the key the test uses, and
 * only `balance` (which changes nothing) is asked.
 */

export interface UrlSuggestion {
  url: string;
  message: string;
}

const API_PATHS = ["/api/v2", "/api/v1", "/api/v3", "/api.php"];
const MAX_PROBES = 6;
const PROBE_TIMEOUT_MS = 5_000;

/** Addresses worth trying for a pasted URL, nearest first (never the URL itself). */
export function candidateUrls(pasted: string, location?: string): string[] {
  const endpoint = apiEndpoint(pasted);
  if (!endpoint) return [];
  const url = new URL(endpoint);
  const candidates: string[] = [];
  const add = (candidate: string) => {
    const normal = apiEndpoint(candidate);
    if (!normal || normal === endpoint || candidates.includes(normal)) return;
    const other = new URL(normal);
    // The key goes only to the host it was typed or saved for (an http → https move of it included).
    if (other.hostname !== url.hostname) return;
    candidates.push(normal);
  };
  if (location) add(location);
  // The path the operator pasted, without a known API ending or a page name: "/panel/api/v2" → "/panel".
  const base = url.pathname
    .replace(/\/+$/, "")
    .replace(/\/(api(\/v\d+)?|api\.php|index\.php|[a-z-]+\.html?)$/i, "")
    .replace(/\/+$/, "");
  for (const root of base ? [base, ""] : [""]) {
    for (const path of API_PATHS) add(`${url.origin}${root}${path}`);
  }
  return candidates.slice(0, MAX_PROBES);
}

/** Whether a reply shows a panel API there: an answer, or an error in a panel's own words (a wrong key, no funds). */
function answersAsPanel(reply: Awaited<ReturnType<typeof getBalance>>): boolean {
  if (reply.ok) return true;
  return reply.kind !== "unknown" && (reply.reason === "account" || reply.reason === "funds");
}

/** The first nearby address that answers as a panel API, probed together; null when none does. */
export async function suggestPanelUrl(
  connection: PanelConnection,
  failure: PanelFailure,
): Promise<UrlSuggestion | null> {
  const candidates = candidateUrls(connection.url, failure.location);
  if (candidates.length === 0) return null;
  const timeoutMs = Math.min(connection.timeoutMs, PROBE_TIMEOUT_MS);
  const replies = await Promise.all(candidates.map((url) => getBalance({ ...connection, url, timeoutMs })));
  const index = replies.findIndex(answersAsPanel);
  if (index < 0) return null;
  const url = candidates[index]!;
  return {
    url,
    message: `The panel's API answers at ${url}. Use that address? (Nothing is changed until you save.)`,
  };
}
