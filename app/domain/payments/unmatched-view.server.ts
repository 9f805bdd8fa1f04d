import type { AppServices } from "~/context";
import type { RequestClient } from "~/domain/audit/audit.server";
import { AppError, isAppError } from "~/lib/app-error";
import { CREDIT_MESSAGES, assignCredit, dismissCredit } from "./credits.server";
import { candidateOrders, countCredits, findCredit, listCredits } from "./credits.repository.server";
import { banksNamedAsOwn } from "./reader/alert-fields";
import { addSenderHeader, addableHeader } from "./sender-headers.server";
import { UNMATCHED_REASONS, UNTRUSTED_KEPT, type UnmatchedReason } from "./matching.server";
import type { PaymentCreditRow } from "./table";
import type { UnmatchedAction } from "./unmatched-actions";

/** What the "Unmatched payments" page shows of one credit. */
export interface CreditView {
  id: number;
  source: string;
  amountPaise: number | null;
  utr: string | null;
  payerVpa: string | null;
  receivedAt: number;
  reason: string;
  orderId: string | null;
  /** The alert's own words (SMS or e-mail text), cut short. */
  text: string | null;
  from: string | null;
  status: PaymentCreditRow["status"];
  resolvedBy: string | null;
  note: string | null;
  /** The account the alert names (its last digits, or the receiving UPI ID), as read. */
  namedAccount: string | null;
  /** Orders it could be paying (exact amount, or a rounded price), for the operator to choose from. */
  candidates: CandidateView[];
  /**
   * An SMS set aside because its sender is a header the shop does not know: the header, and the registry bank
   * the alert names as the account's (null: the operator chooses), for the one-click "this is that bank's".
   */
  senderHeader: { header: string; bankId: string | null; bankName: string | null } | null;
}

export interface CandidateView {
  orderId: string;
  pricePaise: number;
  listedPricePaise: number | null;
  status: string;
  createdAt: number;
  upiId: string | null;
  /** The buyer gave a UTR for it (another payment's, when it differs from this credit's). */
  utr: string | null;
}

/** What the page answers when the operator assigns a payment of another amount: the difference, to confirm. */
export interface AmountDifference {
  ok: false;
  reason: "AMOUNT_DIFFERS";
  message: string;
  creditPaise: number;
  orderPaise: number;
  differencePaise: number;
  orderId: string;
}

/** The reader's own words for why it did not read the alert ("VM-HDFCBX looks like HDFC Bank's HDFCBK…"). */
function withWhy(reason: string, why: unknown): string {
  return typeof why === "string" && why !== "" ? `${reason}: ${why.slice(0, 200)}` : reason;
}

function evidenceOf(row: PaymentCreditRow): Record<string, unknown> {
  try {
    return JSON.parse(row.evidence) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** The header an unknown-sender SMS could add, and the bank it names; null for anything else. */
function senderHeaderOf(row: PaymentCreditRow, evidence: Record<string, unknown>): CreditView["senderHeader"] {
  if (row.source !== "sms" || row.reason !== "untrusted_sender" || evidence.parse !== "unknown_sender") return null;
  const header = typeof evidence.from === "string" ? addableHeader(evidence.from) : null;
  if (!header) return null;
  const named = typeof evidence.text === "string" ? banksNamedAsOwn(evidence.text)[0] : undefined;
  return { header, bankId: named?.id ?? null, bankName: named?.name ?? null };
}

export function toCreditView(row: PaymentCreditRow): CreditView {
  const evidence = evidenceOf(row);
  return {
    id: row.id,
    source: row.source,
    amountPaise: row.amount_paise,
    utr: row.utr,
    payerVpa: row.payer_vpa,
    receivedAt: row.received_at,
    reason: withWhy(UNMATCHED_REASONS[row.reason as UnmatchedReason] ?? row.reason ?? "", evidence.why),
    orderId: row.order_id,
    text: typeof evidence.text === "string" ? evidence.text.slice(0, 500) : null,
    from: typeof evidence.from === "string" ? evidence.from : null,
    status: row.status,
    resolvedBy: row.resolved_by,
    note: row.resolution_note,
    namedAccount: namedAccount(evidence),
    candidates: [],
    senderHeader: row.status === "unmatched" ? senderHeaderOf(row, evidence) : null,
  };
}

/** Unmatched credits per page of the Payments page; the operator pages and searches, so none falls off. */
export const UNMATCHED_PAGE_SIZE = 50;
/** The untrusted senders' list shows at most this many (it keeps UNTRUSTED_KEPT.count). */
const UNTRUSTED_SHOWN = 50;

export interface UnmatchedQuery {
  page: number;
  q: string;
}

/** The page and search from the Payments page's address (`?q=…&page=2`); anything else is the first page, unfiltered. */
export function unmatchedQuery(url: URL): UnmatchedQuery {
  const page = Number(url.searchParams.get("page"));
  return {
    page: Number.isSafeInteger(page) && page >= 1 ? Math.min(page, 10_000) : 1,
    q: (url.searchParams.get("q") ?? "").trim().slice(0, 100),
  };
}

function namedAccount(evidence: Record<string, unknown>): string | null {
  const digits = typeof evidence.account === "string" ? `A/c XX${evidence.account}` : null;
  const upi = typeof evidence.receiverVpa === "string" ? evidence.receiverVpa : null;
  return [digits, upi].filter(Boolean).join(" · ") || null;
}

/** Reasons whose credit could still be one of the shop's orders' payment: the page lists the orders it could pay. */
const WITH_CANDIDATES: ReadonlySet<string> = new Set<UnmatchedReason>([
  "no_match",
  "ambiguous",
  "rounded_ambiguous",
  "partial",
  "amount_mismatch",
  "utr_mismatch",
  "utr_missing",
]);

async function withCandidates(db: AppServices["db"], row: PaymentCreditRow, graceMs: number): Promise<CreditView> {
  const view = toCreditView(row);
  if (row.amount_paise === null || !WITH_CANDIDATES.has(row.reason ?? "")) return view;
  let accounts: number[] | null = null;
  try {
    const parsed = (JSON.parse(row.evidence) as { accounts?: unknown }).accounts;
    accounts = Array.isArray(parsed) ? parsed.map(Number) : null;
  } catch {
    accounts = null;
  }
  const orders = await candidateOrders(db, row.amount_paise, row.credited_at ?? row.received_at, {
    graceMs,
    skewMs: 3 * 60_000,
    accountIds: accounts,
  });
  return {
    ...view,
    candidates: orders.map((o) => ({
      orderId: o.order_id,
      pricePaise: o.price_paise,
      listedPricePaise: o.listed_price_paise,
      status: o.status,
      createdAt: o.created_at,
      upiId: o.receiving_upi_id,
      utr: o.utr,
    })),
  };
}

export async function loadUnmatchedPage(
  db: AppServices["db"],
  graceSeconds: number,
  { page, q }: UnmatchedQuery = { page: 1, q: "" },
) {
  const trusted = { status: "unmatched", senders: "trusted", q } as const;
  const untrusted = { status: "unmatched", senders: "untrusted", q } as const;
  const [unmatched, total, strangers, strangersTotal, resolved] = await Promise.all([
    listCredits(db, { ...trusted, limit: UNMATCHED_PAGE_SIZE, offset: (page - 1) * UNMATCHED_PAGE_SIZE }),
    countCredits(db, trusted),
    listCredits(db, { ...untrusted, limit: UNTRUSTED_SHOWN }),
    countCredits(db, untrusted),
    q ? Promise.resolve([]) : listCredits(db, { status: "resolved", limit: 30 }),
  ]);
  return {
    q,
    page,
    pageCount: Math.max(1, Math.ceil(total / UNMATCHED_PAGE_SIZE)),
    total,
    // The orders each could pay (each is one indexed read; a page holds at most UNMATCHED_PAGE_SIZE).
    unmatched: await Promise.all(unmatched.map((row) => withCandidates(db, row, graceSeconds * 1000))),
    untrusted: {
      count: strangersTotal,
      credits: strangers.map(toCreditView),
      keptDays: UNTRUSTED_KEPT.days,
      keptCount: UNTRUSTED_KEPT.count,
    },
    resolved: resolved.map(toCreditView),
  };
}

/** Runs one of the page's actions; a refusal is thrown as an AppError (the route shows its message). */
export async function runUnmatchedAction(
  services: Pick<AppServices, "db" | "settings" | "config" | "logger">,
  operator: { name: string; client: RequestClient },
  action: UnmatchedAction,
): Promise<{ ok: true; message: string } | AmountDifference> {
  if (action.intent === "assign") {
    try {
      const { order } = await assignCredit(
        services,
        action.creditId,
        action.orderId,
        operator,
        Date.now(),
        action.acceptDifference ?? null,
      );
      return { ok: true, message: `${CREDIT_MESSAGES.assigned}: ${order.order_id}` };
    } catch (error) {
      // Not a refusal: the page asks the operator to confirm the difference, then sends it accepted.
      if (isAppError(error) && error.details.reason === "AMOUNT_DIFFERS") return amountDifference(error);
      throw error;
    }
  }
  if (action.intent === "add-sender") {
    const row = await findCredit(services.db, action.creditId);
    const evidence = row ? evidenceOf(row) : {};
    if (!row || !senderHeaderOf(row, evidence)) {
      throw new AppError(
        "NOT_FOUND",
        "That alert's sender cannot be added: it is no longer listed, or not a bank's header",
      );
    }
    const added = await addSenderHeader(
      services.db,
      { sender: String(evidence.from), bankId: action.bankId },
      operator,
    );
    return {
      ok: true,
      message: `SMS from ${added.header} are read as ${added.bankName}'s from now on (Settings → Payment alerts). This one still waits: assign it to its order or dismiss it.`,
    };
  }
  await dismissCredit(services, action.creditId, action.reason, operator);
  return { ok: true, message: CREDIT_MESSAGES.dismissed };
}

function amountDifference(error: AppError): AmountDifference {
  const { creditPaise, orderPaise, differencePaise, orderId } = error.details;
  return {
    ok: false,
    reason: "AMOUNT_DIFFERS",
    message: error.message,
    creditPaise: Number(creditPaise),
    orderPaise: Number(orderPaise),
    differencePaise: Number(differencePaise),
    orderId: String(orderId),
  };
}
