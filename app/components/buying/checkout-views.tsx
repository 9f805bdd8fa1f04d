import { ArrowLeft, Clock, Loader2, MessageCircle, Smartphone, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { CheckoutOrder } from "~/domain/payments/checkout.server";
import { formatCount, formatInr } from "~/lib/money";
import { OrderProgress } from "./order-progress";

const card = "mx-auto w-full max-w-md rounded-2xl border border-gray-200 bg-white p-6 text-center shadow-sm";

export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")}`;
}

export function Preparing() {
  return (
    <div className={card} role="status">
      <Loader2 aria-hidden className="mx-auto size-8 animate-spin text-brand-600" />
      <p className="mt-3 font-semibold">Preparing your checkout...</p>
    </div>
  );
}

export function OrderMissing() {
  return (
    <div className={card}>
      <TriangleAlert aria-hidden className="mx-auto size-10 text-amber-600" />
      <h1 className="mt-3 text-xl font-bold">Order Information Missing</h1>
      <p className="mt-2 text-gray-700">Unable to load payment details. Please try selecting your plan again.</p>
      <Link
        to="/"
        state={{ scrollToServices: true }}
        className="mt-5 inline-block rounded-xl bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700"
      >
        Back to Services
      </Link>
    </div>
  );
}

export function PaymentError({ message }: { message: string }) {
  return (
    <div role="alert" className={`${card} border-red-200`}>
      <TriangleAlert aria-hidden className="mx-auto size-10 text-red-600" />
      <h2 className="mt-3 text-xl font-bold text-red-700">Payment Error</h2>
      <p className="mt-2 text-gray-700">{message}</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="mt-5 rounded-xl bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700"
      >
        Try Again
      </button>
    </div>
  );
}

function OrderSummary({ order, withPrice = false }: { order: CheckoutOrder; withPrice?: boolean }) {
  return (
    <p className="text-sm text-gray-700">
      {order.planName} · {formatCount(order.quantity)} {order.serviceType}
      {withPrice && <> · {formatInr(order.pricePaise)}</>}
    </p>
  );
}

export function AwaitingPayment({
  order,
  payment,
  remainingMs,
  onBack,
  onSubmitUtr,
}: {
  order: CheckoutOrder;
  payment: { upiLink: string; qrDataUri: string; payeeName: string };
  remainingMs: number;
  onBack: () => void;
  onSubmitUtr: (utr: string) => Promise<string | null>;
}) {
  return (
    <div className={card}>
      <div className="flex items-center justify-between">
        <button
          type="button"
          onClick={onBack}
          className="flex items-center gap-1 text-sm font-semibold text-gray-700 hover:text-ink"
        >
          <ArrowLeft aria-hidden className="size-4" /> Back
        </button>
        <span
          className="flex items-center gap-1 rounded-full bg-amber-50 px-3 py-1 text-sm font-semibold text-amber-800"
          aria-label="Time left to pay"
        >
          <Clock aria-hidden className="size-4" />
          <span role="timer" data-testid="countdown">
            {formatCountdown(remainingMs)}
          </span>
        </span>
      </div>
      <h1 className="mt-4 text-xl font-bold">Scan &amp; pay with any UPI app</h1>
      <OrderSummary order={order} />
      <p className="mt-2 text-3xl font-extrabold" data-testid="amount">
        {formatInr(order.pricePaise)}
      </p>
      <img
        src={payment.qrDataUri}
        width={220}
        height={220}
        alt={`UPI QR code to pay ${formatInr(order.pricePaise)} to ${payment.payeeName}`}
        data-testid="upi-qr"
        className="mx-auto mt-4 bg-white"
      />
      <p className="mt-2 text-sm text-gray-700">
        Paying {payment.payeeName} · Order {order.orderId}
      </p>
      <a
        href={payment.upiLink}
        className="mt-4 flex items-center justify-center gap-2 rounded-xl bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700 md:hidden"
      >
        <Smartphone aria-hidden className="size-5" /> Open UPI app
      </a>
      <UtrForm label="Paid already? Enter the 12-digit UPI reference (UTR)" onSubmitUtr={onSubmitUtr} />
    </div>
  );
}

/** "I have paid": the 12-digit UPI reference, in the window or (late) after it. */
function UtrForm({ label, onSubmitUtr }: { label: string; onSubmitUtr: (utr: string) => Promise<string | null> }) {
  const [utr, setUtr] = useState("");
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function send() {
    setSending(true);
    setError(await onSubmitUtr(utr));
    setSending(false);
  }
  return (
    <form
      className="mt-6 border-t border-gray-200 pt-4 text-left"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <label htmlFor="utr" className="block text-sm font-semibold">
        {label}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id="utr"
          name="utr"
          inputMode="numeric"
          autoComplete="off"
          maxLength={12}
          value={utr}
          onChange={(e) => setUtr(e.target.value.replace(/\D/g, "").slice(0, 12))}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? "utr-error" : undefined}
          className="min-w-0 flex-1 rounded-xl border border-gray-300 px-3 py-2.5 text-base outline-none focus:ring-2 focus:ring-brand-500"
        />
        <button
          type="submit"
          disabled={utr.length !== 12 || sending}
          className="shrink-0 rounded-xl border border-brand-600 px-4 py-2.5 font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-50"
        >
          I have paid
        </button>
      </div>
      {error && (
        <p id="utr-error" role="alert" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}

function OrderIdLine({ order }: { order: CheckoutOrder }) {
  return (
    <p className="mt-3">
      Order ID:{" "}
      <span className="font-mono font-bold" data-testid="order-id">
        {order.orderId}
      </span>
    </p>
  );
}

/** After the window: the honest truth, a late UTR for those who paid, a new order for those who did not. */
export function PaymentExpired({
  order,
  whatsappNumber,
  lateUtrOpen,
  onSubmitUtr,
}: {
  order: CheckoutOrder;
  whatsappNumber: string;
  lateUtrOpen: boolean;
  onSubmitUtr: (utr: string) => Promise<string | null>;
}) {
  const text = `Hi, I need help with my Instagram ${order.serviceType} order ${order.orderId} (${order.planName}).`;
  const digits = whatsappNumber.replace(/\D/g, "");
  return (
    <div className={card}>
      <OrderProgress order={{ ...order, view: { ...order.view, stage: "expired" } }} />
      <OrderIdLine order={order} />
      <OrderSummary order={order} withPrice />
      {lateUtrOpen ? (
        <UtrForm label="Already paid? Enter your UTR (the 12-digit UPI reference)" onSubmitUtr={onSubmitUtr} />
      ) : (
        <p className="mt-3 text-sm text-gray-700">
          If money left your account for this order, message us with your UTR and we will sort it out.
        </p>
      )}
      <div className="mt-5 flex flex-col gap-2">
        <Link to="/" className="rounded-xl bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700">
          Start a new order
        </Link>
        {digits && (
          <a
            href={`https://wa.me/${digits}?text=${encodeURIComponent(text)}`}
            target="_blank"
            rel="noopener noreferrer"
            className="flex items-center justify-center gap-2 rounded-xl border border-green-700 px-5 py-3 font-semibold text-green-800 hover:bg-green-50"
          >
            <MessageCircle aria-hidden className="size-5" /> Get help on WhatsApp
          </a>
        )}
      </div>
    </div>
  );
}

/** Every state after a payment claim: what is happening, with the order id and a way to track it. */
export function OrderUnderWay({ order }: { order: CheckoutOrder }) {
  return (
    <div className={card}>
      <OrderProgress order={order} />
      <OrderIdLine order={order} />
      <OrderSummary order={order} withPrice />
      <div className="mt-5 flex flex-col gap-2">
        <Link
          to={`/track?order=${order.orderId}`}
          className="rounded-xl bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700"
        >
          Track your order
        </Link>
        <Link to="/" className="font-semibold text-brand-700 underline">
          Back to home
        </Link>
      </div>
    </div>
  );
}
