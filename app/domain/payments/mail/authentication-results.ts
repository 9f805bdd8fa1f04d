/**
 * Reads the topmost Authentication-Results header (RFC 8601): the one the
 * receiving host added last, above everything the sender wrote. Only that
 * one counts, and only when its authserv-id is the operator's own receiving
 * host; any lower one, or one naming another host, may be the sender's own.
 */

export interface DkimVerdict {
  result: string;
  /** header.d, or the domain of header.i. */
  domain: string | null;
}

export interface AuthenticationResults {
  authservId: string;
  dkim: DkimVerdict[];
}

/** Removes RFC 5322 comments "( … )", which may nest and hide words such as "dkim=pass". */
function stripComments(value: string): string {
  let out = "";
  let depth = 0;
  let quoted = false;
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    if (c === "\\" && (depth > 0 || quoted)) {
      i++;
      continue;
    }
    if (depth === 0 && c === '"') quoted = !quoted;
    if (!quoted && c === "(") depth++;
    else if (!quoted && c === ")" && depth > 0) depth--;
    else if (depth === 0) out += c;
  }
  return out;
}

/** The header lines of a raw message, unfolded, in order (top first). */
export function headerLines(source: string): { name: string; value: string }[] {
  const end = source.search(/\r?\n\r?\n/);
  const head = end === -1 ? source : source.slice(0, end);
  const lines: { name: string; value: string }[] = [];
  for (const line of head.split(/\r?\n/)) {
    if (/^[ \t]/.test(line) && lines.length > 0) lines[lines.length - 1]!.value += ` ${line.trim()}`;
    else {
      const colon = line.indexOf(":");
      if (colon > 0)
        lines.push({ name: line.slice(0, colon).trim().toLowerCase(), value: line.slice(colon + 1).trim() });
    }
  }
  return lines;
}

export function topmostAuthenticationResults(source: string): AuthenticationResults | null {
  const header = headerLines(source).find((h) => h.name === "authentication-results");
  if (!header) return null;
  const [id, ...statements] = stripComments(header.value).split(";");
  // authserv-id [version]: the version is a number after the id.
  const authservId = (id ?? "").trim().split(/\s+/)[0]?.toLowerCase() ?? "";
  const dkim: DkimVerdict[] = [];
  for (const statement of statements) {
    const match = /^\s*dkim\s*=\s*([a-z]+)\b(.*)$/i.exec(statement);
    if (!match) continue;
    const props = match[2]!;
    const d = /\bheader\.d\s*=\s*"?([A-Za-z0-9.-]+)"?/i.exec(props)?.[1];
    const i = /\bheader\.i\s*=\s*"?[^\s@";]*@([A-Za-z0-9.-]+)"?/i.exec(props)?.[1];
    dkim.push({ result: match[1]!.toLowerCase(), domain: (d ?? i ?? "").toLowerCase() || null });
  }
  return { authservId, dkim };
}
