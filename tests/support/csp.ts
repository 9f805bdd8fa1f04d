import { createHash } from "node:crypto";

/** The contents of a page's inline scripts that a browser runs, now or at the first intent (ADR 0011); not JSON-LD or other data blocks. */
export function runnableInlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attrs = ""]) => !/\bsrc=/.test(attrs) && !/type="application\/(ld\+)?json"/.test(attrs))
    .map(([, , content = ""]) => content)
    .filter((content) => content.length > 0);
}

/** Each script's `'sha256-…'` source as a CSP names it. */
export function sha256Sources(scripts: string[]): string[] {
  return [...new Set(scripts.map((s) => `'sha256-${createHash("sha256").update(s, "utf8").digest("base64")}'`))];
}

/** The script-src directive's hash sources. */
export function cspScriptHashes(csp: string): string[] {
  const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1] ?? "";
  return scriptSrc.split(/\s+/).filter((source) => source.startsWith("'sha256-"));
}
