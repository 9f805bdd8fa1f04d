import { USER_CONTENT_SIGNERS } from "../reader/bank-registry";

/**
 * Which sender domains a bank alert may come from. An allowed domain is an
 * organisation's own domain (hdfcbank.net); it covers its subdomains
 * (alerts.sbi.co.in under sbi.co.in). The DKIM signer and the From address
 * must both fall under the same allowed domain: that is DMARC's relaxed
 * alignment, limited to the organisations the operator named.
 */

/** Two-label public suffixes an operator might type by mistake: allowing one would allow every shop under it. */
const PUBLIC_SECOND_LEVEL = /^(?:co|com|net|org|gen|firm|ind|bank|gov|ac|edu|res|nic|mil|ltd|plc|info)\.[a-z]{2}$/;

const DOMAIN = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export function normaliseDomain(domain: string): string {
  return domain.trim().toLowerCase().replace(/\.$/, "");
}

/** Why a typed domain cannot be allowed, or null when it can. */
export function domainProblem(domain: string): string | null {
  if (!DOMAIN.test(domain)) return `"${domain}" is not a domain name`;
  if (PUBLIC_SECOND_LEVEL.test(domain))
    return `"${domain}" is a public suffix shared by many owners, not a bank's domain`;
  const signer = userContentSigner(domain);
  if (signer) return `"${domain}" cannot vouch for a bank alert: ${signer}`;
  return null;
}

/** Why a domain (or the one it falls under) signs text anyone writes, or null. */
export function userContentSigner(domain: string): string | null {
  const d = normaliseDomain(domain);
  const hit = Object.keys(USER_CONTENT_SIGNERS).find((s) => d === s || d.endsWith(`.${s}`));
  return hit ? USER_CONTENT_SIGNERS[hit]! : null;
}

/** `domain` is `parent` or one of its subdomains. */
export function isWithin(domain: string, parent: string): boolean {
  const d = normaliseDomain(domain);
  const p = normaliseDomain(parent);
  return d === p || d.endsWith(`.${p}`);
}

/** The allowed domain both the From domain and the signing domain fall under, or null. */
export function alignedAllowedDomain(
  fromDomain: string,
  signingDomain: string,
  allowed: readonly string[],
): string | null {
  return allowed.find((a) => isWithin(fromDomain, a) && isWithin(signingDomain, a)) ?? null;
}
