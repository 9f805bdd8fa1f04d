import type { AppServices } from "~/context";
import type { RequestClient } from "~/domain/audit/audit.server";
import { AppError, isAppError } from "~/lib/app-error";
import { CREDIT_MESSAGES, assignCredit, dismissCredit } from "./credits.server";
import { listCredits } from "./credits.repository.server";
import { UNMATCHED_REASONS, type UnmatchedReason } from "./matching.server";
import type { PaymentCreditRow } from "./table";

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
    reason: UNMATCHED_REASONS[row.reason as UnmatchedReason] ?? row.reason ?? "",
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

export type UnmatchedActionResult = { ok: true; message: string } | { ok: false; message: string; field?: string };

/** The page's two actions: this credit pays that order, or it is no order's payment. */
export async function runUnmatchedAction(
  services: Pick<AppServices, "db" | "settings" | "config" | "logger">,
  operator: { name: string; client: RequestClient },
  form: FormData,
): Promise<UnmatchedActionResult> {
  const creditId = Number(form.get("creditId"));
  if (!Number.isSafeInteger(creditId) || creditId <= 0) return { ok: false, message: CREDIT_MESSAGES.notFound };
  try {
    const intent = String(form.get("intent") ?? "");
    if (intent === "assign") {
      const { order } = await assignCredit(
        services,
        creditId,
        String(form.get("orderId") ?? "").slice(0, 40),
        operator,
      );
      return { ok: true, message: `${CREDIT_MESSAGES.assigned}: ${order.order_id}` };
    }
    if (intent === "dismiss") {
      await dismissCredit(services, creditId, String(form.get("reason") ?? "").slice(0, 400), operator);
      return { ok: true, message: CREDIT_MESSAGES.dismissed };
    }
    throw new AppError("INVALID_INPUT", "Unknown action");
  } catch (error) {
    if (isAppError(error))
      return { ok: false, message: error.message, field: error.details.field as string | undefined };
    throw error;
  }
}
