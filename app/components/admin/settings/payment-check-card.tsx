import { CheckCircle2, Circle, Loader2, Smartphone, XCircle } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { SectionCard } from "~/components/ui/card";
import { NativeSelect } from "~/components/ui/select";
import type { CheckView } from "~/domain/payments/check/check.server";
import type { CheckStage } from "~/domain/payments/check/stages";
import { type ApiError, type ApiResult, apiCall } from "~/lib/client/api-client";
import { formatInr } from "~/lib/money";
import {
  type PaymentCheckResponse,
  paymentCheckActionEndpoint,
  paymentCheckEndpoint,
} from "~/routes/api/admin/payment-check.types";

/** How often the card asks how a waiting check stands. */
const POLL_MS = 2_000;

/**
 * Settings → "Pay ₹1 to yourself" (issue 44, point 7): tests the whole chain
 * with a real payment. The operator picks a receiving account, pays the unique
 * small amount its QR asks for, and watches each stage: alert received (from
 * which source), read (amount, reference, account), matched, confirmed — or
 * the stage that failed and what to fix. Nothing of it is an order.
 */
export function PaymentCheckCard() {
  const [state, setState] = useState<PaymentCheckResponse | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [accountId, setAccountId] = useState<string>("");
  const [busy, setBusy] = useState(false);

  const apply = (result: ApiResult<PaymentCheckResponse>) => {
    if (result.ok) {
      setState(result.data);
      setError(null);
    } else setError(result.error);
  };

  useEffect(() => {
    const controller = new AbortController();
    void apiCall(paymentCheckEndpoint, { signal: controller.signal }).then((result) => {
      if (!controller.signal.aborted) apply(result);
    });
    return () => controller.abort();
  }, []);

  // While a check waits, its stages are asked for every few seconds.
  const waiting = state?.check?.status === "waiting";
  useEffect(() => {
    if (!waiting) return;
    const controller = new AbortController();
    const timer = setInterval(() => {
      void apiCall(paymentCheckEndpoint, { signal: controller.signal }).then((result) => {
        if (!controller.signal.aborted) apply(result);
      });
    }, POLL_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [waiting]);

  async function send(body: { intent: "start"; accountId: number } | { intent: "cancel"; id: number }) {
    setBusy(true);
    const result = await apiCall(paymentCheckActionEndpoint, { body });
    setBusy(false);
    apply(result);
  }

  const accounts = state?.accounts ?? [];
  const chosen = accountId || String(accounts.find((a) => !a.paused)?.id ?? accounts[0]?.id ?? "");
  const check = state?.check ?? null;
  return (
    <SectionCard
      id="payment-check"
      title="Pay ₹1 to yourself"
      description="Tests the whole chain with a real payment: pay a small unique amount to one of your receiving accounts from any UPI app, and watch the shop receive the alert, read it, match it and confirm it. It is not an order: nothing of it shows on the dashboard or in exports."
    >
      <div className="mt-4 flex flex-wrap items-end gap-2">
        <label className="min-w-0 flex-1 text-sm font-medium">
          Account to pay
          <NativeSelect
            size="sm"
            className="mt-1 w-full font-mono"
            value={chosen}
            onChange={(e) => setAccountId(e.target.value)}
            disabled={busy || accounts.length === 0}
          >
            {accounts.map((a) => (
              <option key={a.id} value={a.id}>
                {a.upiId}
                {a.paused ? " (paused)" : ""}
              </option>
            ))}
          </NativeSelect>
        </label>
        <Button
          size="md"
          disabled={busy || chosen === ""}
          onClick={() => void send({ intent: "start", accountId: Number(chosen) })}
        >
          {waiting ? "Start again" : "Start the check"}
        </Button>
      </div>
      {error && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {error.message}
        </p>
      )}
      {check && (
        <CheckProgress check={check} busy={busy} onCancel={() => void send({ intent: "cancel", id: check.id })} />
      )}
    </SectionCard>
  );
}

function CheckProgress({ check, busy, onCancel }: { check: CheckView; busy: boolean; onCancel: () => void }) {
  const amount = formatInr(check.amountPaise);
  return (
    <div className="mt-4 space-y-3 border-t border-gray-100 pt-4" data-testid="payment-check">
      {check.status === "waiting" && check.qrDataUri && check.upiLink && (
        <div className="flex flex-wrap items-center gap-4">
          <img
            src={check.qrDataUri}
            width={160}
            height={160}
            alt={`UPI QR code to pay ${amount} to ${check.upiId}`}
            className="rounded-md border border-gray-200 bg-white"
            data-testid="payment-check-qr"
          />
          <div className="min-w-0 flex-1 space-y-2 text-sm">
            <p>
              Pay exactly <strong data-testid="payment-check-amount">{amount}</strong> to{" "}
              <span className="font-mono font-semibold break-all">{check.upiId}</span> from any UPI app (from another
              account than this one), by{" "}
              {new Date(check.expiresAt).toLocaleTimeString("en-IN", {
                timeZone: "Asia/Kolkata",
                hour: "2-digit",
                minute: "2-digit",
              })}{" "}
              IST.
            </p>
            <Button asChild variant="outline" size="md" className="md:hidden">
              <a href={check.upiLink}>
                <Smartphone aria-hidden className="size-4" /> Open UPI app
              </a>
            </Button>
            <Button variant="neutral" size="sm" onClick={onCancel} disabled={busy}>
              Cancel the check
            </Button>
          </div>
        </div>
      )}
      <ol className="space-y-2" aria-label="Stages of the check">
        {check.stages.map((stage) => (
          <StageLine key={stage.key} stage={stage} />
        ))}
      </ol>
    </div>
  );
}

const ICONS = {
  done: <CheckCircle2 aria-hidden className="size-5 shrink-0 text-green-700" />,
  failed: <XCircle aria-hidden className="size-5 shrink-0 text-red-700" />,
  waiting: <Loader2 aria-hidden className="size-5 shrink-0 animate-spin text-brand-600" />,
  not_reached: <Circle aria-hidden className="size-5 shrink-0 text-gray-400" />,
} as const;

const STATE_WORDS = { done: "done", failed: "failed", waiting: "waiting", not_reached: "not reached yet" } as const;

function StageLine({ stage }: { stage: CheckStage }) {
  return (
    <li className="flex gap-2 text-sm" data-testid={`check-stage-${stage.key}`} data-state={stage.state}>
      {ICONS[stage.state]}
      <div className="min-w-0">
        <p className="font-semibold">
          {stage.label} <span className="sr-only">({STATE_WORDS[stage.state]})</span>
        </p>
        {stage.detail && <p className="break-words text-gray-700">{stage.detail}</p>}
        {stage.fix && <p className="break-words font-medium text-red-800">{stage.fix}</p>}
      </div>
    </li>
  );
}
