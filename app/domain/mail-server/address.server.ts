import type { LookupAddress } from "node:dns";
import { lookup } from "node:dns/promises";
import { type LookupFunction, isIP } from "node:net";
import { refusedRange } from "~/domain/panel/address.server";
import { ALLOW_PRIVATE_SETTING, TLS_REQUIRED, plainConnectionAllowed } from "./rules";

/**
 * Where the shop may connect to log in to a mail server. The operator types
 * the host, so without this check the shop would carry the password to, and
 * report the answers of, services on its own machine or network. The name is
 * resolved once per connection and every address it has is checked; the
 * connection then goes to exactly those addresses (`pinnedLookup`), so a name
 * that answers differently a moment later gains nothing.
 */

/** A mail server refused before anything was sent; its message says why and what to set. */
export class MailServerRefused extends Error {
  readonly code = "ERR_MAIL_SERVER_REFUSED";
  constructor(message: string) {
    super(message);
    this.name = "MailServerRefused";
  }
}

export interface MailServerTarget {
  host: string;
  /** The connection would go without TLS. */
  plain: boolean;
  /** MAIL_ALLOW_PRIVATE_ADDRESSES. */
  allowPrivate: boolean;
}

function isLoopbackAddress(address: string): boolean {
  return refusedRange(address) === "a loopback address";
}

/**
 * The host's addresses, every one checked: none on this machine or a private
 * network unless allowed, and all of them on this machine for a connection
 * without TLS. Throws MailServerRefused, or the lookup's own error
 * (ENOTFOUND…) when the name does not resolve.
 */
export async function mailServerAddresses({ host, plain, allowPrivate }: MailServerTarget): Promise<LookupAddress[]> {
  const bare = host.trim().replace(/^\[|\]$/g, "");
  if (plain && !plainConnectionAllowed(bare, allowPrivate)) throw new MailServerRefused(TLS_REQUIRED);
  const version = isIP(bare);
  const addresses = version ? [{ address: bare, family: version }] : await lookup(bare, { all: true });
  for (const { address } of addresses) {
    const label = refusedRange(address);
    if (label && !allowPrivate) {
      throw new MailServerRefused(
        `The mail server ${bare} is at ${label}: the shop only connects to mail servers on the public internet ` +
          `(set ${ALLOW_PRIVATE_SETTING}=true for one on this machine or your own network)`,
      );
    }
    if (plain && !isLoopbackAddress(address)) throw new MailServerRefused(TLS_REQUIRED);
  }
  return addresses;
}

/** A lookup that answers with the addresses already checked, for a socket to connect to exactly those. */
export function pinnedLookup(addresses: readonly LookupAddress[]): LookupFunction {
  return (hostname, options, callback) => {
    if (options.all) return callback(null, [...addresses]);
    const first = addresses[0];
    if (!first) {
      return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" }), "", 0);
    }
    return callback(null, first.address, first.family);
  };
}

/** The address to connect to when only one can be given: IPv4 first, as most mail hosts answer on it. */
export function preferredAddress(addresses: readonly LookupAddress[]): LookupAddress {
  return addresses.find((a) => a.family === 4) ?? addresses[0]!;
}
