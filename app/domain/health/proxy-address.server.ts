import { MISSING_CLIENT_ADDRESS_FIX, missingClientAddress } from "~/lib/server/proxy-address.server";
import type { HealthCheck } from "./check";
import { formatAge } from "./format";

/** The Health page's line: amber while requests came without a client address in the last hour. */
export function proxyAddressCheck(now = Date.now()): HealthCheck {
  const base = { key: "proxy", label: "Client addresses from the proxy" };
  const missing = missingClientAddress(now);
  if (!missing) return { ...base, status: "ok", summary: "Every request through the proxy names its client" };
  return {
    ...base,
    status: "warn",
    summary: `${missing.count === 1 ? "A request" : `${missing.count} requests`} came without X-Forwarded-For (last ${formatAge(now - missing.lastAt)} ago: ${missing.lastPath} from ${missing.from}). ${MISSING_CLIENT_ADDRESS_FIX}`,
    since: missing.firstAt,
  };
}
