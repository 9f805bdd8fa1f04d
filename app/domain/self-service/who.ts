import type { RequestClient } from "~/domain/audit/audit.server";

/** Who asks the panel for a refill or a cancel: the buyer (from /track) or the operator (order details). */
export type Requester =
  | { kind: "buyer"; client?: RequestClient }
  /** `forBuyer`: the operator acts because the buyer asked (a cancellation then keeps the fee). */
  | { kind: "operator"; name: string; client?: RequestClient; forBuyer?: boolean };

export function requesterName(who: Requester): string {
  return who.kind === "buyer" ? "buyer" : who.name;
}
