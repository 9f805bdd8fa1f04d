import type { RequestClient } from "~/domain/audit/audit.server";

/** Who asks the panel for a refill or a cancel: the buyer (from /track) or the operator (order details). */
export type Requester =
  { kind: "buyer"; client?: RequestClient } | { kind: "operator"; name: string; client?: RequestClient };

export function requesterName(who: Requester): string {
  return who.kind === "buyer" ? "buyer" : who.name;
}
