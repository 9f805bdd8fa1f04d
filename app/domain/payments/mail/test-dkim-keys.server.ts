import { readFileSync } from "node:fs";
import type { DNSResolver } from "mailauth";
import type { Config } from "~/lib/server/config.server";

/**
 * For tests only: MAIL_DKIM_TEST_KEYS_FILE names a JSON file of TXT records
 * ({ "s1._domainkey.hdfcbank.net": "v=DKIM1; k=rsa; p=…" }) that then answer
 * every DKIM key lookup instead of DNS, so a test can sign "bank" mail with a
 * key of its own. The configuration refuses it unless NODE_ENV=test (no flag
 * can allow it in production: whoever holds a listed key could confirm
 * payments). Read on each lookup, so a test may add keys while the server runs.
 */
export function testDkimResolver(
  config: Pick<Config, "MAIL_DKIM_TEST_KEYS_FILE" | "NODE_ENV">,
): DNSResolver | undefined {
  const file = config.MAIL_DKIM_TEST_KEYS_FILE;
  if (!file || config.NODE_ENV !== "test") return undefined;
  return (name: string, type: string) => {
    const records = JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
    const txt = records[name.toLowerCase()];
    if (type === "TXT" && txt) return Promise.resolve([[txt]]);
    return Promise.reject(Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: "ENOTFOUND" }));
  };
}
