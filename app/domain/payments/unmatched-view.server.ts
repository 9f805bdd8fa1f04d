import type { AppServices } from "~/context";
import type { RequestClient } from "~/domain/audit/audit.server";
import { CREDIT_MESSAGES, assignCredit, dismissCredit } from "./credits.server";
import { listCredits } from "./credits.repository.server";
import { UNMATCHED_REASONS, type UnmatchedReason } from "./matching.server";
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
}

/** The reader's own words for why it did not read the alert ("VM-HDFCBX looks like HDFC Bank's HDFCBK…"). */
function withWhy(reason: string, why: unknown): string {
  return typeof why === "string" && why !== "" ? `${reason}: ${why.slice(0, 200)}` : reason;
}

export function toCreditView(row: PaymentCreditRow): CreditView {
  let evidence: Record<string, unknown> = {};
  try {
    evidence = JSON.parse(row.evidence) as Record<string, unknown>;
  } catch {
    evidence = {};
  }
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
  };
}

export async function loadUnmatchedPage(db: AppServices["db"]) {
  const [unmatched, resolved] = await Promise.all([
    listCredits(db, { status: "unmatched", limit: 200 }),
    listCredits(db, { status: "resolved", limit: 30 }),
  ]);
  return { unmatched: unmatched.map(toCreditView), resolved: resolved.map(toCreditView) };
}

/** Runs one of the page's actions; a refusal is thrown as an AppError (the route shows its message). */
export async function runUnmatchedAction(
  services: Pick<AppServices, "db" | "settings" | "config" | "logger">,
  operator: { name: string; client: RequestClient },
  action: UnmatchedAction,
): Promise<{ ok: true; message: string }> {
  if (action.intent === "assign") {
    const { order } = await assignCredit(services, action.creditId, action.orderId, operator);
    return { ok: true, message: `${CREDIT_MESSAGES.assigned}: ${order.order_id}` };
  }
  await dismissCredit(services, action.creditId, action.reason, operator);
  return { ok: true, message: CREDIT_MESSAGES.dismissed };
}
