import { useTranslation } from "react-i18next";
import type { Receipt } from "~/domain/receipts/receipt";
import { stateLabel } from "~/domain/receipts/receipt";
import type { TaxSplit } from "~/domain/receipts/tax";
import { useLocale } from "~/lib/i18n/use-locale";
import { istDateTime } from "~/lib/ist-time";
import { formatCount, formatInr } from "~/lib/money";

/**
 * A paid order's receipt, or its tax invoice, as the buyer reads, prints and
 * saves it (/receipt). The same facts as the PDF (receipt-pdf.ts); what each
 * field is for: docs/receipts.md.
 */
export function ReceiptView({ receipt }: { receipt: Receipt }) {
  const { t } = useTranslation("receipt");
  const locale = useLocale();
  const inr = (paise: number) => formatInr(paise, locale);
  const when = (ms: number) => `${istDateTime(ms)} ${t("ist")}`;
  const { invoice, shop, recipient, creditNote } = receipt;
  const tax = invoice?.details.tax;
  const state = (code: string) => `${code} ${t(`order:billing.states.${code}`)}`;
  return (
    <article data-receipt className="rounded-xl border border-gray-200 bg-white p-5 text-sm print:border-0 print:p-0">
      <h2 className="text-xl font-extrabold" data-testid="receipt-kind">
        {invoice ? t("taxInvoice") : t("receipt")}
      </h2>
      <p className="mt-3 text-base font-bold">{shop.brandName}</p>
      {invoice && (
        <p>
          {t("legalName")}: {invoice.details.legalName}
        </p>
      )}
      <p>{shop.address}</p>
      {invoice && (
        <p>
          {t("gstin")}: <span data-testid="receipt-gstin">{invoice.details.gstin}</span> (
          {stateLabel(invoice.details.supplierState)})
        </p>
      )}
      {recipient && (
        <section className="mt-4 border-t border-gray-200 pt-3" aria-label={t("billedTo")} data-testid="recipient">
          <p className="font-bold">{t("billedTo")}</p>
          {recipient.name === null && recipient.address === null ? (
            <p>{t("erased")}</p>
          ) : (
            <>
              <p>{recipient.name}</p>
              <p>
                {recipient.address}
                {recipient.pin && ` – ${recipient.pin}`}
              </p>
            </>
          )}
          <p>
            {t("recipientState")}: {state(recipient.state)}
          </p>
        </section>
      )}
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 border-t border-gray-200 pt-3">
        {invoice && (
          <>
            <dt className="text-gray-600">{t("invoiceNumber")}</dt>
            <dd data-testid="invoice-number">{invoice.number}</dd>
            <dt className="text-gray-600">{t("invoiceDate")}</dt>
            <dd>{when(invoice.issuedAt)}</dd>
            <dt className="text-gray-600">{t("placeOfSupply")}</dt>
            <dd data-testid="place-of-supply">{state(invoice.details.placeOfSupply)}</dd>
            <dt className="text-gray-600">{t("sac")}</dt>
            <dd>{invoice.details.sac}</dd>
          </>
        )}
        <dt className="text-gray-600">{t("orderId")}</dt>
        <dd>{receipt.orderId}</dd>
        <dt className="text-gray-600">{t("paidAt")}</dt>
        <dd>{when(receipt.paidAt)}</dd>
        <dt className="text-gray-600">{t("paymentReference")}</dt>
        <dd>{receipt.paymentReference ?? "–"}</dd>
        <dt className="text-gray-600">{t("target")}</dt>
        <dd className="break-all">{receipt.target}</dd>
      </dl>
      <table className="mt-4 w-full border-t border-gray-200">
        <thead>
          <tr>
            <th scope="col" className="py-2 text-left">
              {t("description_")}
            </th>
            <th scope="col" className="py-2 text-right">
              {t("amount")}
            </th>
          </tr>
        </thead>
        <tbody>
          {receipt.lines.map((line, i) => (
            <tr key={i}>
              <td className="py-1">
                {line.kind === "discount"
                  ? t("discountLine", { code: line.description })
                  : `${line.description} (${formatCount(line.quantity, locale)} ${t(`track:serviceName.${line.serviceType}`)})`}
              </td>
              <td className="py-1 text-right">{inr(line.amountPaise)}</td>
            </tr>
          ))}
          {tax && (
            <>
              <tr className="border-t border-gray-200">
                <td className="py-1">{t("taxableValue")}</td>
                <td className="py-1 text-right">{inr(tax.taxablePaise)}</td>
              </tr>
              <TaxRows tax={tax} />
            </>
          )}
        </tbody>
        <TotalRow label={t("total")} paise={receipt.totalPaise} testId="receipt-total" />
      </table>
      <p className="mt-2 text-xs text-gray-600">{invoice ? t("inclusive") : t("noGst")}</p>
      <section className="mt-4 border-t border-gray-200 pt-3" aria-label={t("grievance")}>
        <p className="font-bold">{t("grievance")}</p>
        <p>
          {shop.grievanceOfficerName}, {shop.grievanceOfficerDesignation}
        </p>
        <p>
          {t("contact")}: {shop.grievanceOfficerContact} · {shop.supportEmail} · {shop.supportPhone}
        </p>
      </section>
      {creditNote && <CreditNoteView creditNote={creditNote} />}
      <p className="mt-4 text-xs text-gray-500">{t("computer")}</p>
    </article>
  );
}

/** The last line of an invoice's or a credit note's table: what it comes to. */
function TotalRow({ label, paise, testId }: { label: string; paise: number; testId: string }) {
  const locale = useLocale();
  return (
    <tfoot>
      <tr className="border-t border-gray-300 font-bold">
        <th scope="row" className="py-2 text-left">
          {label}
        </th>
        <td className="py-2 text-right" data-testid={testId}>
          {formatInr(paise, locale)}
        </td>
      </tr>
    </tfoot>
  );
}

/** CGST and SGST at half the rate each, or IGST at the whole rate: an invoice's and a credit note's tax. */
function TaxRows({ tax }: { tax: TaxSplit }) {
  const { t } = useTranslation("receipt");
  const locale = useLocale();
  const rows: [string, number][] = tax.intraState
    ? [
        [t("cgst", { rate: tax.ratePercent / 2 }), tax.cgstPaise],
        [t("sgst", { rate: tax.ratePercent / 2 }), tax.sgstPaise],
      ]
    : [[t("igst", { rate: tax.ratePercent }), tax.igstPaise]];
  return rows.map(([label, paise]) => (
    <tr key={label}>
      <td className="py-1">{label}</td>
      <td className="py-1 text-right">{formatInr(paise, locale)}</td>
    </tr>
  ));
}

/** The credit note of a refunded invoiced order (rule 53), under the invoice it refers to. */
function CreditNoteView({ creditNote }: { creditNote: NonNullable<Receipt["creditNote"]> }) {
  const { t } = useTranslation("receipt");
  const locale = useLocale();
  const inr = (paise: number) => formatInr(paise, locale);
  const { details } = creditNote;
  const tax = details.tax;
  return (
    <section className="mt-6 border-t-2 border-gray-300 pt-3" data-credit-note aria-labelledby="credit-note-title">
      <h3 id="credit-note-title" className="text-lg font-extrabold" data-testid="credit-note-kind">
        {t("creditNote")}
      </h3>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-gray-600">{t("creditNoteNumber")}</dt>
        <dd data-testid="credit-note-number">{creditNote.number}</dd>
        <dt className="text-gray-600">{t("creditNoteDate")}</dt>
        <dd>{`${istDateTime(creditNote.issuedAt)} ${t("ist")}`}</dd>
        <dt className="text-gray-600">{t("againstInvoice")}</dt>
        <dd>{`${details.invoiceNumber}, ${istDateTime(details.invoiceIssuedAt)} ${t("ist")}`}</dd>
      </dl>
      <p className="mt-2">{t("creditReason")}</p>
      <table className="mt-2 w-full">
        <tbody>
          <tr>
            <td className="py-1">{t("taxableValue")}</td>
            <td className="py-1 text-right">{inr(tax.taxablePaise)}</td>
          </tr>
          <TaxRows tax={tax} />
        </tbody>
        <TotalRow label={t("credited")} paise={details.creditedPaise} testId="credit-note-total" />
      </table>
    </section>
  );
}

/**
 * "Receipt": opens the order's receipt with the same proof as /track (a POST, so the phone never sits in an
 * address). Without the phone (a success page opened again later), it asks for it on /receipt.
 */
export function OpenReceipt({ orderId, phone }: { orderId: string; phone?: string }) {
  const className = "mt-4 block text-sm font-semibold text-brand-700 underline";
  const { t } = useTranslation("receipt");
  const path = useLocale() === "hi" ? "/hi/receipt" : "/receipt";
  if (!phone) {
    return (
      <a href={`${path}?order=${encodeURIComponent(orderId)}`} className={className} data-testid="open-receipt">
        {t("fromTrack")}
      </a>
    );
  }
  return (
    <form method="post" action={path}>
      <input type="hidden" name="orderId" value={orderId} />
      <input type="hidden" name="phone" value={phone} />
      <button type="submit" className={className} data-testid="open-receipt">
        {t("fromTrack")}
      </button>
    </form>
  );
}
