import { Form } from "react-router";
import type { RefundPayment } from "~/domain/payments/refund-payment.server";
import { formatInr } from "~/lib/money";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";

/**
 * How to pay a refund that is due: to which UPI id, how much, with a QR to
 * scan from the operator's UPI app and a link that opens it on this phone.
 * When the payer's UPI id is not known (a payment confirmed by hand), a field
 * asks for it; the page then shows the QR for it.
 */
export function RefundPay({ payment }: { payment: RefundPayment }) {
  const amount = formatInr(payment.amountPaise);
  return (
    <div className="space-y-3" data-testid="refund-pay">
      {payment.upiId && payment.link && payment.qrDataUri ? (
        <>
          <p>
            Pay <strong>{amount}</strong> to <span className="font-mono font-semibold break-all">{payment.upiId}</span>{" "}
            <span className="text-gray-700">
              {payment.upiIdFrom === "payment"
                ? "(the UPI id the payment came from)"
                : payment.upiIdFrom === "buyer"
                  ? "(the UPI id the buyer gave for this refund)"
                  : "(the UPI id you entered; check it with the buyer)"}
            </span>
          </p>
          <div className="flex flex-wrap items-center gap-3">
            <img
              src={payment.qrDataUri}
              alt={`UPI QR code to pay ${amount} to ${payment.upiId}`}
              width={160}
              height={160}
              className="rounded-md border border-gray-200 bg-white"
            />
            <div className="min-w-0 flex-1 space-y-2">
              <Button asChild variant="success" size="md" className="py-2.5 text-sm">
                <a href={payment.link}>Open UPI app to pay {amount}</a>
              </Button>
              <p className="text-xs text-gray-700">
                Scan the code with your UPI app, or open it on this phone: the UPI id and the amount are filled in.
              </p>
            </div>
          </div>
        </>
      ) : (
        <p>
          We do not know the UPI id the buyer paid from (the payment was confirmed by hand). Ask the buyer for it, then
          enter it here to get a QR code for {amount}.
        </p>
      )}
      <Form method="get" className="flex flex-wrap items-end gap-2" preventScrollReset>
        <label htmlFor="refund-pay-to" className="min-w-0 flex-1 font-medium">
          {payment.upiId ? "Pay a different UPI id" : "Buyer's UPI id"}
          <Input
            size="sm"
            id="refund-pay-to"
            name="payTo"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="e.g. buyername@okaxis"
            defaultValue={payment.upiIdFrom === "operator" ? (payment.upiId ?? "") : (payment.typedInvalid ?? "")}
            aria-invalid={payment.typedInvalid ? true : undefined}
            aria-describedby={payment.typedInvalid ? "refund-pay-to-error" : undefined}
            className="mt-1 w-full bg-transparent font-mono"
          />
        </label>
        <Button type="submit" variant="neutral" size="md" className="px-3 text-sm">
          Show QR
        </Button>
      </Form>
      {payment.typedInvalid && (
        <p id="refund-pay-to-error" role="alert" className="text-sm font-medium text-red-700">
          “{payment.typedInvalid}” is not a UPI id. Enter one like name@bank.
        </p>
      )}
    </div>
  );
}
