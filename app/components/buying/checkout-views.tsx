import { useTranslation } from "react-i18next";
import { useLocale, useLocalizedPath } from "~/lib/i18n/use-locale";
import type { BuyerError } from "~/domain/buyer-messages/catalogue";
import { useMessageText } from "~/components/use-message";
import { ArrowLeft, Clock, Copy, Download, Loader2, MessageCircle, Smartphone, TriangleAlert } from "lucide-react";
import { useRef, useState } from "react";
import { toast } from "~/components/ui/toast";
import { Link } from "react-router";
import type { CheckoutOrder, CheckoutPayment } from "~/domain/payments/checkout.server";
import { cn } from "~/lib/cn";
import { formatCount, formatInr, upiAmount } from "~/lib/money";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { readUtr } from "~/domain/orders/utr";
import { UtrInput } from "~/components/utr-input";
import { GatewayPay } from "./gateway-pay";
import { OrderProgress } from "./order-progress";
import { CommentsList } from "./comments-list";

/** The checkout's one card, centred on the page. */
function CheckoutCard({ className, ...props }: React.ComponentProps<typeof Card>) {
  return <Card padding="lg" className={cn("mx-auto w-full max-w-md text-center", className)} {...props} />;
}

export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")}`;
}

export function Preparing() {
  const { t } = useTranslation("checkout");
  return (
    <CheckoutCard role="status">
      <Loader2 aria-hidden className="mx-auto size-8 animate-spin text-brand-600" />
      <p className="mt-3 font-semibold">{t("preparing")}</p>
    </CheckoutCard>
  );
}

export function OrderMissing() {
  const { t } = useTranslation("checkout");
  const to = useLocalizedPath();
  return (
    <CheckoutCard>
      <TriangleAlert aria-hidden className="mx-auto size-10 text-amber-600" />
      <h1 className="mt-3 text-xl font-bold">{t("missingTitle")}</h1>
      <p className="mt-2 text-gray-700">{t("missingText")}</p>
      <Button asChild className="mt-5">
        <Link to={to("/#services")}>{t("backToServices")}</Link>
      </Button>
    </CheckoutCard>
  );
}

export function PaymentError({ error }: { error: BuyerError }) {
  const { t } = useTranslation("checkout");
  const text = useMessageText();
  return (
    <CheckoutCard role="alert" className="border-red-200">
      <TriangleAlert aria-hidden className="mx-auto size-10 text-red-600" />
      <h2 className="mt-3 text-xl font-bold text-red-700">{t("paymentErrorTitle")}</h2>
      <p className="mt-2 text-gray-700">{text(error)}</p>
      <Button onClick={() => window.location.reload()} className="mt-5">
        {t("tryAgain")}
      </Button>
    </CheckoutCard>
  );
}

function OrderSummary({ order, withPrice = false }: { order: CheckoutOrder; withPrice?: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <>
      <p className="text-sm text-gray-700">
        {order.planName} · {formatCount(order.quantity, locale)} {t(`service:${order.serviceType}.noun`).toLowerCase()}
        {withPrice && <> · {formatInr(order.pricePaise, locale)}</>}
      </p>
      <CommentsList comments={order.comments} />
    </>
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
  payment: CheckoutPayment;
  remainingMs: number;
  onBack: () => void;
  onSubmitUtr: (utr: string) => Promise<BuyerError | null>;
}) {
  const { t } = useTranslation("checkout");
  const locale = useLocale();
  const amount = formatInr(order.pricePaise, locale);
  const personal = payment.accountKind === "personal";
  return (
    <CheckoutCard data-account-kind={payment.accountKind}>
      <div className="flex items-center justify-between">
        <Button variant="quiet" size="inline" onClick={onBack} className="gap-1 text-sm">
          <ArrowLeft aria-hidden className="size-4" /> {t("back")}
        </Button>
        <Badge tone="warning" size="md">
          <Clock aria-hidden className="size-4" />
          <span className="sr-only">{t("timeLeft")}</span>
          <span role="timer" data-testid="countdown">
            {formatCountdown(remainingMs)}
          </span>
        </Badge>
      </div>
      <h1 className="mt-4 text-xl font-bold">{t("scanAndPay")}</h1>
      <OrderSummary order={order} />
      <p className="mt-2 text-3xl font-extrabold" data-testid="amount">
        {amount}
      </p>
      {order.pricePaise !== order.listedPricePaise && (
        <p className="mx-auto mt-1 max-w-xs text-sm text-gray-700" data-testid="amount-why">
          {t("amountWhy", { amount, listed: formatInr(order.listedPricePaise, locale) })}
        </p>
      )}
      {personal && <p className="mx-auto mt-3 max-w-xs text-sm font-medium">{t("personalScan")}</p>}
      <img
        src={payment.qrDataUri}
        width={220}
        height={220}
        alt={t("qrAlt", { amount, payee: payment.payeeName })}
        data-testid="upi-qr"
        className="mx-auto mt-4 bg-white"
      />
      <p className="mt-1 text-sm font-semibold" data-testid="qr-amount">
        {t("qrFillsAmount", { amount })}
      </p>
      <p className="mt-2 text-sm text-gray-700">{t("paying", { payee: payment.payeeName, orderId: order.orderId })}</p>
      <a
        href={payment.qrImageUrl}
        download={`upi-qr-${order.orderId}.png`}
        className="mt-2 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 underline underline-offset-2"
      >
        <Download aria-hidden className="size-4" /> {t("saveQr")}
      </a>
      <UpiIdLine vpa={payment.payeeVpa} order={order} />
      {/* A personal UPI ID leads with the QR and the UPI ID: the app button comes after, as a second way. */}
      <Button asChild variant={personal ? "outline" : undefined} className="mt-4 flex md:hidden">
        <a href={payment.upiLink} data-testid="open-upi-app">
          <Smartphone aria-hidden className="size-5" /> {t("openUpiApp")}
        </a>
      </Button>
      {payment.gateway === "razorpay" && <GatewayPay orderId={order.orderId} payeeName={payment.payeeName} />}
      <UtrForm label={t("utrLabel")} onSubmitUtr={onSubmitUtr} />
    </CheckoutCard>
  );
}

/**
 * The UPI ID as text, for a buyer who pays from a second phone or from an
 * iPhone, where a `upi://` link opens no app: copied with one tap, or selected
 * by hand where the browser gives no clipboard (a page over plain http). A
 * buyer paying by hand types the amount, so the exact amount is said here
 * too, with its own copy button: a rounded one may wait for the shop.
 */
function UpiIdLine({ vpa, order }: { vpa: string; order: CheckoutOrder }) {
  const { t } = useTranslation("checkout");
  const locale = useLocale();
  const shown = useRef<HTMLSpanElement>(null);
  const shownAmount = useRef<HTMLSpanElement>(null);
  const amount = formatInr(order.pricePaise, locale);
  async function copy(text: string, element: HTMLElement | null, copied: string, select: string) {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(copied);
    } catch {
      if (element) window.getSelection()?.selectAllChildren(element);
      toast.info(select);
    }
  }
  return (
    <div className="mt-4 rounded-xl bg-gray-50 p-3 text-left">
      <p className="text-sm font-semibold">{t("upiId")}</p>
      <div className="mt-1 flex items-center justify-between gap-2">
        <span ref={shown} data-testid="upi-id" className="min-w-0 font-mono break-all select-all">
          {vpa}
        </span>
        <Button
          type="button"
          variant="outline"
          size="md"
          onClick={() => void copy(vpa, shown.current, t("upiIdCopied"), t("upiIdSelect"))}
          className="shrink-0 gap-1 px-3"
        >
          <Copy aria-hidden className="size-4" /> {t("copy")}
        </Button>
      </div>
      <div className="mt-3 flex items-center justify-between gap-2 border-t border-gray-200 pt-3">
        <p className="min-w-0 text-base font-bold" data-testid="pay-exactly">
          {t("payExactly")}{" "}
          <span ref={shownAmount} className="select-all whitespace-nowrap">
            {amount}
          </span>
        </p>
        <Button
          type="button"
          variant="outline"
          size="md"
          onClick={() =>
            void copy(upiAmount(order.pricePaise), shownAmount.current, t("amountCopied"), t("amountSelect"))
          }
          className="shrink-0 gap-1 px-3"
        >
          <Copy aria-hidden className="size-4" /> {t("copyAmount")}
        </Button>
      </div>
      {order.pricePaise !== order.listedPricePaise && (
        <p className="mt-1 text-sm text-gray-700" data-testid="exact-why">
          {t("exactWhy", { listed: formatInr(order.listedPricePaise, locale) })}
        </p>
      )}
    </div>
  );
}

/**
 * "I have paid": the 12-digit UPI reference, in the window or (late) after it.
 * A pasted "1234 5678 9012" keeps its digits: separators go first, then the
 * same check as the server's (readUtr) says what is wrong, at the field.
 */
function UtrForm({ label, onSubmitUtr }: { label: string; onSubmitUtr: (utr: string) => Promise<BuyerError | null> }) {
  const [utr, setUtr] = useState("");
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { t } = useTranslation("checkout");
  const text = useMessageText();
  async function send() {
    const reading = readUtr(utr);
    if (!reading.ok) {
      setError(text(reading.message));
      return;
    }
    setSending(true);
    const refused = await onSubmitUtr(reading.utr);
    setError(refused === null ? null : text(refused));
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
      <Field id="utr" label={label} error={error} hint={utr ? t("utrDigits", { digits: utr.length }) : undefined}>
        {(control) => (
          <div className="flex gap-2">
            <UtrInput
              {...control}
              size="md"
              name="utr"
              value={utr}
              onValue={(typed) => {
                setUtr(typed);
                setError(null);
              }}
              className="min-w-0 flex-1"
            />
            <Button
              type="submit"
              variant="outline"
              size="lg"
              disabled={utr === "" || sending}
              className="shrink-0 px-4"
            >
              {t("iHavePaid")}
            </Button>
          </div>
        )}
      </Field>
    </form>
  );
}

function OrderIdLine({ order }: { order: CheckoutOrder }) {
  const { t } = useTranslation("checkout");
  return (
    <p className="mt-3">
      {t("orderId")}
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
  onSubmitUtr: (utr: string) => Promise<BuyerError | null>;
}) {
  const { t } = useTranslation("checkout");
  const to = useLocalizedPath();
  const text = t("whatsappText", {
    service: t(`service:${order.serviceType}.noun`).toLowerCase(),
    orderId: order.orderId,
    plan: order.planName,
  });
  const digits = whatsappNumber.replace(/\D/g, "");
  return (
    <CheckoutCard>
      <OrderProgress order={{ ...order, view: { ...order.view, stage: "expired" } }} />
      <OrderIdLine order={order} />
      <OrderSummary order={order} withPrice />
      {lateUtrOpen ? (
        <UtrForm label={t("lateUtrLabel")} onSubmitUtr={onSubmitUtr} />
      ) : (
        <p className="mt-3 text-sm text-gray-700">{t("messageUs")}</p>
      )}
      <div className="mt-5 flex flex-col gap-2">
        <Button asChild>
          <Link to={to("/")}>{t("newOrder")}</Link>
        </Button>
        {digits && (
          <Button asChild variant="whatsapp">
            <a
              href={`https://wa.me/${digits}?text=${encodeURIComponent(text)}`}
              target="_blank"
              rel="noopener noreferrer"
            >
              <MessageCircle aria-hidden className="size-5" /> {t("whatsappHelp")}
            </a>
          </Button>
        )}
      </div>
    </CheckoutCard>
  );
}

/**
 * Every state after a payment claim: what is happening, with the order id and a way to track it, and
 * (children) how to hear about it.
 */
export function OrderUnderWay({ order, children }: { order: CheckoutOrder; children?: React.ReactNode }) {
  const { t } = useTranslation("checkout");
  const to = useLocalizedPath();
  return (
    <CheckoutCard>
      <OrderProgress order={order} />
      <OrderIdLine order={order} />
      <OrderSummary order={order} withPrice />
      {children}
      <div className="mt-5 flex flex-col gap-2">
        <Button asChild>
          <Link to={`${to("/track")}?order=${order.orderId}`}>{t("trackOrder")}</Link>
        </Button>
        <Button asChild variant="link" size="inline">
          <Link to={to("/")}>{t("backHome")}</Link>
        </Button>
      </div>
    </CheckoutCard>
  );
}
