import { useState } from "react";
import { useFetcher } from "react-router";
import type { AmountDifference, CreditView } from "~/domain/payments/unmatched-view.server";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { formatCount, formatInr } from "~/lib/money";
import { useActionToast } from "~/components/admin/use-action-toast";
import { Button } from "~/components/ui/button";
import { Card, TitledCard } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { BANKS } from "~/domain/payments/reader/bank-registry";

const time = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" });
const SOURCE: Record<string, string> = { sms: "SMS", email: "E-mail", gateway: "Gateway", app: "App notification" };

/** One credit nobody could match: what it says, why it waits, the orders it could pay, and the operator's two answers. */
function UnmatchedCredit({ credit }: { credit: CreditView }) {
  const assign = useFetcher<{ ok: boolean; message: string } | AmountDifference>();
  const dismiss = useFetcher<{ ok: boolean; message: string }>();
  const [orderId, setOrderId] = useState(credit.orderId ?? "");
  // A payment of another amount than the order's: the operator sees the difference and confirms it first.
  const difference =
    assign.data && "reason" in assign.data && assign.data.reason === "AMOUNT_DIFFERS" ? assign.data : null;
  // Open while the answer asking for it stands (also while the confirmed assignment is sent), until cancelled.
  const [cancelled, setCancelled] = useState<unknown>(null);
  const asked = difference && cancelled !== assign.data ? difference : null;
  useActionToast({ ...assign, data: difference ? undefined : assign.data }, { failureTitle: "Payment not assigned" });
  useActionToast(dismiss, { failureTitle: "Payment not dismissed" });
  const busy = assign.state !== "idle" || dismiss.state !== "idle";
  const id = (name: string) => `credit-${credit.id}-${name}`;
  const sendAssign = (accept?: number) => {
    const form = new FormData();
    form.set("intent", "assign");
    form.set("creditId", String(credit.id));
    form.set("orderId", orderId);
    if (accept !== undefined) form.set("acceptDifference", String(accept));
    void assign.submit(form, { method: "post" });
  };
  return (
    <Card asChild padding="sm">
      <li data-testid="unmatched-credit">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <p className="text-xl font-bold">
            {credit.amountPaise === null ? "Amount unreadable" : formatInr(credit.amountPaise)}
          </p>
          <p className="text-sm text-gray-600">
            {SOURCE[credit.source] ?? credit.source} · {time.format(credit.receivedAt)} IST
          </p>
        </div>
        <p className="mt-1 text-sm font-medium text-amber-800">{credit.reason}</p>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          {credit.utr && (
            <>
              <dt className="text-gray-600">Bank's UTR</dt>
              <dd className="font-mono">{credit.utr}</dd>
            </>
          )}
          {credit.payerVpa && (
            <>
              <dt className="text-gray-600">Payer</dt>
              <dd className="break-all">{credit.payerVpa}</dd>
            </>
          )}
          {credit.namedAccount && (
            <>
              <dt className="text-gray-600">Paid to</dt>
              <dd className="break-all font-mono">{credit.namedAccount}</dd>
            </>
          )}
          {credit.from && (
            <>
              <dt className="text-gray-600">From</dt>
              <dd className="break-all">{credit.from}</dd>
            </>
          )}
          {credit.orderId && (
            <>
              <dt className="text-gray-600">Order</dt>
              <dd className="font-mono">{credit.orderId}</dd>
            </>
          )}
        </dl>
        {credit.text && (
          <p className="mt-2 whitespace-pre-wrap break-words rounded bg-gray-50 p-2 text-xs text-gray-800">
            {credit.text}
          </p>
        )}
        {credit.candidates.length > 0 && (
          <div className="mt-3 text-sm">
            <p className="font-semibold">Orders it could pay</p>
            <ul className="mt-1 space-y-1" aria-label="Orders it could pay">
              {credit.candidates.map((c) => (
                <li key={c.orderId} className="flex flex-wrap items-center gap-x-2 gap-y-1" data-testid="candidate">
                  <span className="font-mono">{c.orderId}</span>
                  <span>asks {formatInr(c.pricePaise)}</span>
                  {c.listedPricePaise !== null && c.listedPricePaise !== c.pricePaise && (
                    <span className="text-gray-600">(plan {formatInr(c.listedPricePaise)})</span>
                  )}
                  <span className="text-gray-600">
                    · {c.status.replace(/_/g, " ")} · {time.format(c.createdAt)}
                    {c.upiId ? ` · to ${c.upiId}` : ""}
                    {c.utr ? ` · buyer's UTR ${c.utr}` : ""}
                  </span>
                  <Button variant="neutral" size="xs" onClick={() => setOrderId(c.orderId)} disabled={busy}>
                    Use
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        )}
        {credit.senderHeader && <AddSender creditId={credit.id} sender={credit.senderHeader} busy={busy} />}
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          <form
            method="post"
            className="flex flex-wrap items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              sendAssign();
            }}
          >
            <input type="hidden" name="intent" value="assign" />
            <input type="hidden" name="creditId" value={credit.id} />
            <Field id={id("order")} label="Order it pays" size="sm" className="min-w-0 flex-1">
              {(control) => (
                <Input
                  {...control}
                  size="sm"
                  name="orderId"
                  value={orderId}
                  onChange={(e) => setOrderId(e.target.value)}
                  required
                  placeholder="e.g. BK7Q2M9XD4TA"
                  className="font-mono"
                  disabled={busy}
                />
              )}
            </Field>
            <Button type="submit" disabled={busy} size="sm">
              Assign and confirm
            </Button>
          </form>
          <dismiss.Form method="post" className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="intent" value="dismiss" />
            <input type="hidden" name="creditId" value={credit.id} />
            <Field id={id("reason")} label="Not an order's payment because" size="sm" className="min-w-0 flex-1">
              {(control) => <Input {...control} size="sm" name="reason" required maxLength={300} disabled={busy} />}
            </Field>
            <Button type="submit" disabled={busy} variant="neutral" size="sm">
              Dismiss
            </Button>
          </dismiss.Form>
        </div>
        {asked && (
          <ConfirmDialog
            title="Assign a payment of another amount?"
            tone="primary"
            confirmLabel="Assign anyway"
            workingLabel="Assigning..."
            working={assign.state !== "idle"}
            error={
              assign.state === "idle" && assign.data && !assign.data.ok && !difference ? assign.data.message : null
            }
            onCancel={() => setCancelled(assign.data)}
            onConfirm={() => sendAssign(asked.differencePaise)}
          >
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1" data-testid="amount-difference">
              <dt>Payment</dt>
              <dd className="font-semibold">{formatInr(asked.creditPaise)}</dd>
              <dt>Order {asked.orderId} asks</dt>
              <dd className="font-semibold">{formatInr(asked.orderPaise)}</dd>
              <dt>Difference</dt>
              <dd className="font-semibold">
                {asked.differencePaise > 0
                  ? `${formatInr(asked.differencePaise)} more`
                  : `${formatInr(-asked.differencePaise)} less`}
              </dd>
            </dl>
            <p>
              {asked.differencePaise > 0
                ? "The order is confirmed and the surplus is recorded on it as owed back to the buyer (shown on the order and in exports)."
                : "The order is confirmed and the shortfall is recorded on it (shown on the order and in exports)."}
            </p>
          </ConfirmDialog>
        )}
      </li>
    </Card>
  );
}

/**
 * A bank's SMS from a header the shop does not know: one click reads that header as the bank the alert names
 * (or the one chosen), from then on. Audited; listed and removable in Settings.
 */
function AddSender({
  creditId,
  sender,
  busy,
}: {
  creditId: number;
  sender: NonNullable<CreditView["senderHeader"]>;
  busy: boolean;
}) {
  const add = useFetcher<{ ok: boolean; message: string }>();
  useActionToast(add, { failureTitle: "Sender not added" });
  const disabled = busy || add.state !== "idle";
  return (
    <add.Form method="post" className="mt-3 flex flex-wrap items-end gap-2 rounded bg-amber-50 p-2 text-sm">
      <input type="hidden" name="intent" value="add-sender" />
      <input type="hidden" name="creditId" value={creditId} />
      <p className="w-full text-gray-700">
        <code className="font-mono">{sender.header}</code> is not a sender the shop knows.
        {sender.bankName ? ` The alert names ${sender.bankName}.` : ""}
      </p>
      {sender.bankId ? (
        <input type="hidden" name="bankId" value={sender.bankId} />
      ) : (
        <Field id={`credit-${creditId}-bank`} label="Whose header is it?" size="sm" className="min-w-0 flex-1">
          {(control) => (
            <NativeSelect {...control} size="sm" name="bankId" required defaultValue="" disabled={disabled}>
              <option value="" disabled>
                Choose the bank
              </option>
              {BANKS.map((bank) => (
                <option key={bank.id} value={bank.id}>
                  {bank.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      )}
      <Button type="submit" disabled={disabled} size="sm" variant="neutral">
        {sender.bankName
          ? `Read ${sender.header} as ${sender.bankName}'s sender`
          : `Read ${sender.header} as this bank's`}
      </Button>
    </add.Form>
  );
}

export function UnmatchedList({ credits, searched = false }: { credits: CreditView[]; searched?: boolean }) {
  if (credits.length === 0) {
    return (
      <Card className="text-sm text-gray-600">
        {searched ? "No unmatched payment matches this search." : "No unmatched payments."}
      </Card>
    );
  }
  return (
    <ul className="space-y-3" aria-label="Unmatched payments">
      {credits.map((c) => (
        <UnmatchedCredit key={c.id} credit={c} />
      ))}
    </ul>
  );
}

/**
 * Alerts from senders the shop does not trust: folded away with their count,
 * the newest few kept for a while, so a stranger's flood never hides a real
 * payment (security round 4, finding 3). Each can still be assigned, dismissed
 * or, for a bank's new SMS header, read as that bank's from now on.
 */
export function UntrustedCredits({
  count,
  credits,
  keptDays,
  keptCount,
}: {
  count: number;
  credits: CreditView[];
  keptDays: number;
  keptCount: number;
}) {
  if (count === 0) return null;
  return (
    <Card asChild padding="sm">
      <details id="untrusted-credits" data-testid="untrusted-credits">
        <summary className="cursor-pointer font-semibold">
          From senders the shop does not trust ({formatCount(count)})
        </summary>
        <p className="mt-2 text-sm text-gray-600">
          These read like bank alerts but did not come from the bank: they confirm nothing. The newest{" "}
          {formatCount(keptCount)} are kept for {keptDays} days.
          {count > credits.length ? ` The newest ${formatCount(credits.length)} are shown.` : ""}
        </p>
        <ul className="mt-3 space-y-3" aria-label="Alerts from senders the shop does not trust">
          {credits.map((c) => (
            <UnmatchedCredit key={c.id} credit={c} />
          ))}
        </ul>
      </details>
    </Card>
  );
}

const OUTCOME: Record<string, string> = {
  confirmed: "Confirmed automatically",
  assigned: "Assigned",
  dismissed: "Dismissed",
};

export function ResolvedCredits({ credits }: { credits: CreditView[] }) {
  if (credits.length === 0) return null;
  return (
    <TitledCard title="Recently matched or dismissed" headingId="resolved-title">
      <ul className="mt-3 divide-y divide-gray-100 text-sm">
        {credits.map((c) => (
          <li key={c.id} className="flex flex-wrap justify-between gap-2 py-2">
            <span>
              {c.amountPaise === null ? "—" : formatInr(c.amountPaise)} · {SOURCE[c.source] ?? c.source}
              {c.utr ? <span className="font-mono"> · {c.utr}</span> : null}
            </span>
            <span className="text-gray-700">
              {OUTCOME[c.status] ?? c.status}
              {c.orderId ? <span className="font-mono"> → {c.orderId}</span> : null}
              {c.resolvedBy ? ` by ${c.resolvedBy}` : ""}
              {c.note ? ` (${c.note})` : ""}
            </span>
          </li>
        ))}
      </ul>
    </TitledCard>
  );
}
