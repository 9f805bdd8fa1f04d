import { useTranslation } from "react-i18next";
import { useMessageText } from "~/components/use-message";
import { CreditCard, Loader2 } from "lucide-react";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { reportGatewayPayment, startGatewayPayment } from "./checkout-requests";

/** What Razorpay's Checkout.js puts on `window` and calls back with (its documented Standard Checkout options). */
interface RazorpayHandlerResponse {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}
interface RazorpayCheckout {
  open(): void;
  on(event: "payment.failed", callback: () => void): void;
}
type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayCheckout;

let loading: Promise<RazorpayConstructor> | null = null;

/** Loads the gateway's script once, on the first click: nothing of it is fetched before (the storefront stays light). */
function loadScript(src: string): Promise<RazorpayConstructor> {
  const ready = () => (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;
  if (ready()) return Promise.resolve(ready()!);
  loading ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.onload = () => (ready() ? resolve(ready()!) : reject(new Error("no Razorpay")));
    script.onerror = () => reject(new Error("script failed"));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

type Phase = "idle" | "opening" | "checking" | "failed";

/**
 * "Pay with Razorpay" under the QR. The server makes (or reuses) the gateway
 * order at the order's price; after paying, the handler's answer only asks the
 * server to look, and the checkout's status poll shows "Payment received".
 */
export function GatewayPay({ orderId, payeeName }: { orderId: string; payeeName: string }) {
  const revalidator = useRevalidator();
  const [phase, setPhase] = useState<Phase>("idle");
  const [message, setMessage] = useState<string | null>(null);
  const { t } = useTranslation("checkout");
  const text = useMessageText();

  async function pay() {
    setPhase("opening");
    setMessage(null);
    const started = await startGatewayPayment(orderId);
    if (!started.ok) {
      setPhase("failed");
      setMessage(text(started.error));
      return;
    }
    const launch = started.data;
    let Razorpay: RazorpayConstructor;
    try {
      Razorpay = await loadScript(launch.scriptUrl);
    } catch {
      setPhase("failed");
      setMessage(t("gateway.loadFailed"));
      return;
    }
    const checkout = new Razorpay({
      key: launch.keyId,
      order_id: launch.gatewayOrderId,
      amount: launch.amountPaise,
      currency: launch.currency,
      name: payeeName,
      description: t("gateway.description", { orderId }),
      notes: { shop_order_id: orderId },
      handler: (response: RazorpayHandlerResponse) => void check(response),
      modal: { ondismiss: () => setPhase("idle") },
    });
    checkout.on("payment.failed", () => setMessage(t("gateway.failed")));
    checkout.open();
  }

  async function check(response: RazorpayHandlerResponse) {
    setPhase("checking");
    const reply = await reportGatewayPayment(orderId, response);
    // Confirmed or not yet, the server decides: reload now, and the status poll keeps watching.
    if (reply.ok && reply.data.confirmed) await revalidator.revalidate();
  }

  return (
    <div className="mt-4 border-t border-gray-200 pt-4">
      <p className="text-sm text-gray-600">{t("gateway.intro")}</p>
      <Button
        variant="outline"
        className="mt-2 w-full"
        onClick={() => void pay()}
        disabled={phase === "opening" || phase === "checking"}
      >
        {phase === "opening" || phase === "checking" ? (
          <Loader2 aria-hidden className="size-5 animate-spin" />
        ) : (
          <CreditCard aria-hidden className="size-5" />
        )}
        {t("gateway.button")}
      </Button>
      {phase === "checking" && (
        <p role="status" className="mt-2 text-sm text-gray-700">
          {t("gateway.checking")}
        </p>
      )}
      {message && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {message}
        </p>
      )}
    </div>
  );
}
