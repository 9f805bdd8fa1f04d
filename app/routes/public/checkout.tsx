import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate, useRevalidator } from "react-router";
import { toast } from "sonner";
import type { Route } from "./+types/checkout";
import { useSiteChrome } from "./layout";
import {
  AwaitingPayment,
  OrderMissing,
  PaymentError,
  PaymentExpired,
  PaymentSuccess,
  Preparing,
  ReferenceReceived,
} from "~/components/buying/checkout-views";
import { CHECKOUT_FINISHED_KEY, PAYMENT_DETAILS_KEY, type PaymentDetails, readJson, remove } from "~/components/buying/storage";
import { servicesContext } from "~/context";
import type { OrderStatus } from "~/domain/orders/table";
import { loadCheckout } from "~/domain/payments/checkout.server";
import { seoMeta, siteFromMatches } from "~/lib/seo";

const POLL_MS = 5_000;
/** Statuses meaning the payment was confirmed and the order is on its way. */
const PAID: ReadonlySet<OrderStatus> = new Set(["completed", "processing", "in_progress", "partial"]);
const CLOSED: ReadonlySet<OrderStatus> = new Set(["cancelled", "failed"]);

export async function loader({ request, context }: Route.LoaderArgs) {
  const orderId = new URL(request.url).searchParams.get("order")?.trim() ?? "";
  if (!orderId) return { view: null };
  if (!/^[A-Za-z0-9]{1,40}$/.test(orderId)) return { view: { kind: "missing" as const } };
  return { view: await loadCheckout(context.get(servicesContext), orderId) };
}

// This page shows one buyer's order: no browser or proxy may keep a copy of it.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFromMatches(matches);
  return seoMeta({
    title: `Checkout | ${site.brandName}`,
    description: "Pay for your order by UPI.",
    path: "/checkout",
    baseUrl: site.publicBaseUrl,
    brandName: site.brandName,
    noindex: true,
  });
};

export default function Checkout({ loaderData }: Route.ComponentProps) {
  const { view } = loaderData;
  return (
    <main className="min-h-[70vh] bg-gradient-to-b from-brand-50 to-white px-4 py-10">
      {view === null ? <FindOrder /> : view.kind === "missing" ? <OrderMissing /> : <OrderCheckout view={view} />}
    </main>
  );
}

/** /checkout without an order in the address: take it from router state or session storage. */
function FindOrder() {
  const location = useLocation();
  const navigate = useNavigate();
  const [missing, setMissing] = useState(false);

  useEffect(() => {
    if (sessionStorage.getItem(CHECKOUT_FINISHED_KEY)) {
      remove("session", CHECKOUT_FINISHED_KEY);
      remove("session", PAYMENT_DETAILS_KEY);
      navigate("/", { replace: true });
      return;
    }
    const fromState = (location.state as { paymentDetails?: PaymentDetails } | null)?.paymentDetails;
    const details = fromState ?? readJson<PaymentDetails>("session", PAYMENT_DETAILS_KEY);
    if (details?.orderId) {
      navigate(`/checkout?order=${encodeURIComponent(details.orderId)}`, { replace: true, state: location.state });
      return;
    }
    setMissing(true);
    toast.error("Payment Details Not Found", {
      description: "Unable to load payment details. Please try selecting your plan again.",
    });
  }, [location.state, navigate]);

  return missing ? <OrderMissing /> : <Preparing />;
}

type OrderView = Extract<NonNullable<Route.ComponentProps["loaderData"]["view"]>, { kind: "order" }>;

function OrderCheckout({ view }: { view: OrderView }) {
  const { order, payment, paymentError } = view;
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { whatsappNumber } = useSiteChrome();
  const [status, setStatus] = useState<OrderStatus>(order.status);
  const [utrSubmitted, setUtrSubmitted] = useState(order.utrSubmitted);
  const [expired, setExpired] = useState(false);
  // Countdown on the server's clock: the offset is fixed once in the browser.
  const [offset, setOffset] = useState(0);
  const [now, setNow] = useState(view.serverNow);
  const cancelling = useRef(false);

  const paid = PAID.has(status);
  const closed = expired || CLOSED.has(status);
  const finished = paid || closed;
  const remainingMs = order.deadlineAt - now;

  useEffect(() => setStatus(order.status), [order.status]);
  useEffect(() => setUtrSubmitted(order.utrSubmitted), [order.utrSubmitted]);

  // A reload (or coming back) after the checkout finished goes home, as the spec has it.
  useEffect(() => {
    if (sessionStorage.getItem(CHECKOUT_FINISHED_KEY) === order.orderId) {
      remove("session", CHECKOUT_FINISHED_KEY);
      remove("session", PAYMENT_DETAILS_KEY);
      navigate("/", { replace: true });
    }
    // Only on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (finished) {
      try {
        sessionStorage.setItem(CHECKOUT_FINISHED_KEY, order.orderId);
      } catch {
        // Without storage a reload simply shows the finished order again.
      }
    }
  }, [finished, order.orderId]);

  useEffect(() => {
    if (paymentError) toast.error("Failed to initialize payment. Please try again.");
  }, [paymentError]);

  // Clock.
  useEffect(() => {
    const off = view.serverNow - Date.now();
    setOffset(off);
    setNow(Date.now() + off);
    if (finished || utrSubmitted) return;
    const timer = setInterval(() => setNow(Date.now() + off), 250);
    return () => clearInterval(timer);
  }, [view.serverNow, finished, utrSubmitted]);

  // Status poll every 5 s while the order is open; errors are ignored.
  useEffect(() => {
    if (finished) return;
    const timer = setInterval(async () => {
      try {
        const res = await fetch(`/api/order-status?orderId=${encodeURIComponent(order.orderId)}`, { cache: "no-store" });
        if (!res.ok) return;
        const body = (await res.json()) as { status?: OrderStatus };
        if (body.status) setStatus(body.status);
      } catch {
        // The next poll tries again.
      }
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [finished, order.orderId]);

  const expire = useCallback(async () => {
    if (cancelling.current) return;
    cancelling.current = true;
    try {
      const res = await fetch(`/api/orders/${encodeURIComponent(order.orderId)}/cancel`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
      });
      if (!res.ok) {
        // Paid, or a UTR arrived meanwhile: show what the server knows instead.
        const check = await fetch(`/api/order-status?orderId=${encodeURIComponent(order.orderId)}`, { cache: "no-store" });
        const body = check.ok ? ((await check.json()) as { status?: OrderStatus }) : {};
        if (body.status && body.status !== "pending") {
          setStatus(body.status);
          if (!CLOSED.has(body.status)) return;
        } else {
          revalidator.revalidate();
          cancelling.current = false;
          return;
        }
      }
    } catch {
      cancelling.current = false;
      return;
    }
    setExpired(true);
    toast.error("Payment Time Expired", { description: "No worries! You can try again anytime." });
  }, [order.orderId, revalidator]);

  useEffect(() => {
    if (status === "pending" && !utrSubmitted && !finished && offset !== undefined && remainingMs <= 0 && payment) {
      void expire();
    }
  }, [status, utrSubmitted, finished, remainingMs, payment, offset, expire]);

  // Leave warning while the buyer may be paying; leaving unfinished drops the stored details.
  useEffect(() => {
    if (finished || utrSubmitted || !payment) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [finished, utrSubmitted, payment]);
  const finishedRef = useRef(finished);
  finishedRef.current = finished;
  useEffect(
    () => () => {
      if (!finishedRef.current) remove("session", PAYMENT_DETAILS_KEY);
    },
    [],
  );

  function back() {
    remove("session", PAYMENT_DETAILS_KEY);
    if (paid || window.history.length <= 1) navigate("/");
    else navigate(-1);
  }

  async function submitUtr(utr: string): Promise<string | null> {
    try {
      const res = await fetch(`/api/orders/${encodeURIComponent(order.orderId)}/utr`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ utr }),
      });
      const body = (await res.json().catch(() => null)) as { success?: boolean; message?: string } | null;
      if (!res.ok || !body?.success) return body?.message ?? "An error occurred. Please try again.";
      setUtrSubmitted(true);
      toast.success("Payment reference received");
      return null;
    } catch {
      return "An error occurred. Please try again.";
    }
  }

  if (paid) return <PaymentSuccess order={order} />;
  if (closed) return <PaymentExpired order={order} whatsappNumber={whatsappNumber} />;
  if (utrSubmitted) return <ReferenceReceived order={order} />;
  if (paymentError || !payment) return <PaymentError message={paymentError ?? "Failed to create payment. Please try again or contact support."} />;
  return (
    <AwaitingPayment order={order} payment={payment} remainingMs={remainingMs} onBack={back} onSubmitUtr={submitUtr} />
  );
}
