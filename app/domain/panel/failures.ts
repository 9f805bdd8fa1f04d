import { isOneOf } from "~/lib/one-of";

/**
 * What a failed panel call means for the order behind it. Three kinds, because
 * they call for three different things (docs/panels.md, "When a call fails"):
 *
 * - `refused`: the panel answered that it will not take *this* request (a bad
 *   link, a quantity out of range, a service it no longer sells). Nothing was
 *   placed; trying again unchanged fails again, so a person decides.
 * - `unavailable`: nothing was placed, and the same request may well work later
 *   (the panel is down or busy, out of funds, in maintenance, or the shop's URL
 *   or key needs fixing). Safe to send again.
 * - `unknown`: the request reached the panel and no usable answer came back, so
 *   the panel may have placed it. Never sent again without a person checking.
 *
 * `reason` says which, in more detail, for the operator's alert and the wait.
 */
export type PanelFailureKind = "refused" | "unavailable" | "unknown";

export const WAIT_REASONS = ["funds", "busy", "down", "address", "account"] as const;
/** Why an order waits for the panel (kind `unavailable`). */
export type WaitReason = (typeof WAIT_REASONS)[number];
/** Why the panel refused an order (kind `refused`). */
export type RefusalReason = "link" | "quantity" | "service" | "other";
export type PanelFailureReason = WaitReason | RefusalReason | "unknown";

export interface PanelFailure {
  ok: false;
  kind: PanelFailureKind;
  reason: PanelFailureReason;
  /** For the operator; never contains the API key. */
  message: string;
  /** From a 429's Retry-After. */
  retryAfterMs?: number;
  /** An order id the panel's broken or failed reply still named: where the API can find the order, look there first. */
  orderId?: string;
  /** Where a redirecting panel URL points (for Test connection's suggestion). */
  location?: string;
}

export const isWaitReason = isOneOf(WAIT_REASONS);

/**
 * Error texts panels send, by what they mean. PerfectPanel words them in English
 * or, untranslated, as keys ("neworder.error.not_enough_funds"); smm-panel-script
 * has its own sentences (its language/english/common_lang.php). Sources: JAP's
 * API page, the `neworder.error.*` keys handled by open-source resellers' clients
 * (e.g. GenericSmmProvider's BUSINESS_ERRORS list, Telegram shop bots'
 * SMM_ERROR_TRANSLATIONS), smm-panel-script's api.php. Checked in this order:
 * the first match wins.
 */
const RULES: ReadonlyArray<readonly [RegExp, PanelFailureKind, PanelFailureReason]> = [
  // "Not enough funds on balance", "neworder.error.not_enough_funds", "Order amount exceeds available funds!"
  [
    /not[\s_]*enough[\s_]*(funds|balance|money)|insufficient|exceeds available funds|low balance|top[\s-]?up/i,
    "unavailable",
    "funds",
  ],
  [
    /maintenance|temporar(il)?y|try again later|please try again|service unavailable|server (is )?busy|overload/i,
    "unavailable",
    "busy",
  ],
  [/too many (requests|orders)|rate[\s_-]?limit|slow down|too_many/i, "unavailable", "busy"],
  // One unfinished order per link and service: "You have active order with this link. Please wait until order
  // being completed.", "neworder.error.link_duplicate". It goes through once the earlier order is done.
  [
    /active order|link[\s_]*duplicate|already (an? )?(active|pending|running) order|wait until (the )?(order|previous)/i,
    "unavailable",
    "busy",
  ],
  // The shop's own setup: "Invalid API key", "API is Disable for this user or User Not Found!", a banned account.
  [
    /api[\s_-]*key|api is disable|user not found|account (is )?(suspended|banned|blocked|disabled|inactive)|unauthori[sz]ed|access denied|forbidden|ip (is )?(not allowed|blocked)/i,
    "unavailable",
    "account",
  ],
  // "Incorrect link", "Bad Link", "neworder.error.invalid_link", a private profile, an unknown username.
  [/link|url|private|username|profile|post not found|media not found/i, "refused", "link"],
  // "Quantity less than minimal 200", "Quantity must to be greater than or equal to minimum amount 100".
  [/quantity|minimal|maximal|minimum|maximum|min[\s_]*quantity|max[\s_]*quantity/i, "refused", "quantity"],
  // "Incorrect service ID", "Service ID does not exists", "neworder.error.service_inactive"; a service out of
  // stock ("Service is out of stock", "Sold out") is refused the same way: this service will not take it.
  [/service|out[\s_-]*of[\s_-]*stock|sold[\s_-]*out/i, "refused", "service"],
];

/** What a panel's error text means. An error the panel gave is never "unknown": it answered, and placed nothing. */
export function classifyPanelError(text: string): { kind: PanelFailureKind; reason: PanelFailureReason } {
  for (const [pattern, kind, reason] of RULES) if (pattern.test(text)) return { kind, reason };
  return { kind: "refused", reason: "other" };
}

/**
 * Whether a plan's fallback (ADR 0026) is tried after this failure: the panel
 * answered, so nothing was placed, and said no for a reason another service or
 * panel may not share: this service is disabled, gone or out of stock, or the
 * shop's balance there is too low. Never after an unknown outcome: the first
 * panel may have the order, and a fallback would place it twice.
 */
export function fallsBack(failure: Pick<PanelFailure, "kind" | "reason">): boolean {
  return (
    (failure.kind === "refused" && failure.reason === "service") ||
    (failure.kind === "unavailable" && failure.reason === "funds")
  );
}

/** What the operator is asked to do about an order that waits, per reason. */
export const WAIT_ADVICE: Record<WaitReason, string> = {
  funds: "Top up your panel balance: the order is sent by itself once the panel takes it.",
  busy: "The panel asked the shop to wait; the order is sent again by itself.",
  down: "The panel is not answering; the order is sent again by itself once it does.",
  address:
    "The panel URL does not answer as a panel API: check the panel's API URL in Admin → Panels (Test connection helps).",
  account: "The panel does not accept the shop's API key: check the panel's API key in Admin → Panels.",
};
