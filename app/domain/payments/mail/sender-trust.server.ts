import type { DNSResolver } from "mailauth";
import { addressesIn } from "./address-list";
import { alignedAllowedDomain } from "./domains";
import { headerLines, topmostAuthenticationResults } from "./authentication-results";

/**
 * Whether a message is the bank's own. Anyone can send an e-mail saying
 * "Rs 348.97 credited", with any From; only a signature the bank's domain
 * made, or the verdict of the operator's own receiving host, tells them apart.
 *
 * Trusted when (a) a DKIM signature verifies (body and signed headers
 * unchanged, the From header among them, no unsigned body after an l= limit)
 * and its signing domain and the From domain both fall under one allowed
 * domain; or else (b) the topmost Authentication-Results header was written
 * by the configured receiving host (its authserv-id) and says dkim=pass for a
 * domain aligned the same way. A lower Authentication-Results, or one naming
 * another host, is whatever the sender wrote, and is never read.
 */

export interface TrustOptions {
  allowedDomains: readonly string[];
  /** The operator's receiving host's authserv-id; empty: (b) is off. */
  receivingHost: string;
  /** When set, the alert must be addressed (To or Cc, signed) to one of these. */
  recipients?: readonly string[];
  /** DNS for the signers' public keys; tests serve their own. Default: the system's DNS. */
  resolver?: DNSResolver;
}

export type SenderTrust =
  | { trusted: true; from: string; via: "dkim"; domain: string; signedAt: number | null }
  | { trusted: true; from: string; via: "authentication-results"; domain: string; host: string; signedAt: null }
  | { trusted: false; from: string; reason: string };

const ADDRESS = /^[^\s@<>]+@([A-Za-z0-9.-]+)$/;

/** The one From address, or null when there is none, more than one From header, or more than one address. */
function singleFrom(headerFrom: readonly string[], source: string): string | null {
  const fromHeaders = headerLines(source).filter((h) => h.name === "from").length;
  if (fromHeaders !== 1 || headerFrom.length !== 1) return null;
  return ADDRESS.test(headerFrom[0]!) ? headerFrom[0]!.toLowerCase() : null;
}

/**
 * Whether the message is addressed to one of the operator's alert addresses
 * in a To or Cc header that is there once and covered by the signature
 * (`signed` null: the receiving host vouched for the whole message). A second
 * copy of the header, added above a signed one, would not be signed.
 */
function addressedTo(source: string, recipients: readonly string[], signed: string[] | null): boolean {
  if (recipients.length === 0) return true;
  const lines = headerLines(source);
  return ["to", "cc"].some((name) => {
    const copies = lines.filter((h) => h.name === name);
    if (copies.length !== 1 || (signed && !signed.includes(name))) return false;
    // Parsed addresses only: a display name or a comment saying the alert address is not the alert address.
    return addressesIn(copies[0]!.value).some((a) => recipients.includes(a));
  });
}

export async function judgeSender(source: Buffer, options: TrustOptions): Promise<SenderTrust> {
  const { authenticate } = await import("mailauth");
  const result = await authenticate(source, {
    resolver: options.resolver,
    disableArc: true,
    disableDmarc: true,
    disableBimi: true,
    // The minimum RFC 8301 allows: a shorter key can be factored.
    minBitLength: 1024,
  });
  const text = source.toString("latin1");
  const from = singleFrom(result.dkim.headerFrom ?? [], text);
  if (!from)
    return { trusted: false, from: (result.dkim.headerFrom ?? []).join(", "), reason: "not exactly one From address" };
  const fromDomain = ADDRESS.exec(from)![1]!.toLowerCase();

  const reasons: string[] = [];
  for (const signature of result.dkim.results ?? []) {
    const d = (signature.signingDomain ?? "").toLowerCase();
    const status = signature.status as {
      result: string;
      aligned?: string | false;
      underSized?: number;
      comment?: string;
    };
    if (status.result !== "pass") {
      reasons.push(`DKIM ${d || "?"}: ${status.result}${status.comment ? ` (${status.comment})` : ""}`);
      continue;
    }
    const signedHeaders = ((signature as { signingHeaders?: { keys?: string } }).signingHeaders?.keys ?? "")
      .toLowerCase()
      .split(/\s*:\s*/);
    if (!signedHeaders.includes("from")) {
      reasons.push(`DKIM ${d}: From is not signed`);
      continue;
    }
    if (status.underSized) {
      reasons.push(`DKIM ${d}: part of the body is not signed (l=)`);
      continue;
    }
    const domain = alignedAllowedDomain(fromDomain, d, options.allowedDomains);
    if (!domain || !status.aligned) {
      reasons.push(`DKIM ${d}: not aligned with ${fromDomain} under an allowed domain`);
      continue;
    }
    if (!addressedTo(text, options.recipients ?? [], signedHeaders)) {
      reasons.push(`DKIM ${d}: not addressed (in a signed To or Cc) to the shop's alert address`);
      continue;
    }
    const signTime = (signature as { signTime?: string | null }).signTime;
    return { trusted: true, from, via: "dkim", domain: d, signedAt: signTime ? Date.parse(signTime) : null };
  }

  const host = options.receivingHost.trim().toLowerCase();
  if (host) {
    const top = topmostAuthenticationResults(text);
    if (top && top.authservId === host) {
      const pass = top.dkim.find(
        (v) => v.result === "pass" && v.domain && alignedAllowedDomain(fromDomain, v.domain, options.allowedDomains),
      );
      if (pass && addressedTo(text, options.recipients ?? [], null)) {
        return { trusted: true, from, via: "authentication-results", domain: pass.domain!, host, signedAt: null };
      }
      reasons.push(
        pass
          ? `Authentication-Results of ${host}: not addressed to the shop's alert address`
          : `Authentication-Results of ${host}: no dkim=pass aligned with ${fromDomain}`,
      );
    } else {
      reasons.push(
        top
          ? `topmost Authentication-Results is from ${top.authservId || "?"}, not ${host}`
          : "no Authentication-Results",
      );
    }
  }
  return { trusted: false, from, reason: reasons.join("; ") || "no DKIM signature" };
}
