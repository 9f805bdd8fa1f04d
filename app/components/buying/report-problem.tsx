import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { inputVariants } from "~/components/ui/input";
import type { BuyerComplaint } from "~/domain/complaints/buyer-complaint";
import { istDateTime } from "~/lib/ist-time";
import { OrderProof } from "./order-proof";

/**
 * /track's "Report a problem": the order's complaints with their ticket
 * numbers and where they stand, and a form for a new one (with the same proof
 * as the lookup). The shop acknowledges within 48 hours and resolves within a
 * month (Consumer Protection (E-Commerce) Rules 2020, rule 4(5)).
 */
export function ReportProblem({
  complaints,
  lookup,
  busy,
  ticket,
}: {
  complaints: BuyerComplaint[];
  lookup: { orderId: string; phone: string };
  busy: boolean;
  /** The ticket just opened, if any. */
  ticket: string | null;
}) {
  const { t } = useTranslation("track");
  const [open, setOpen] = useState(false);
  const when = (ms: number) => `${istDateTime(ms)} IST`;
  return (
    <section aria-labelledby="report-problem-title" className="mt-6 border-t border-gray-200 pt-4 text-sm">
      <h3 id="report-problem-title" className="text-base font-bold">
        {t("complaint.title")}
      </h3>
      {ticket && (
        <p role="status" className="mt-2 rounded-lg bg-green-50 p-3 text-green-900" data-testid="complaint-opened">
          {t("complaint.opened", { ticket })}
        </p>
      )}
      {complaints.length > 0 && (
        <ul className="mt-3 space-y-2" aria-label={t("complaint.yours")}>
          {complaints.map((c) => (
            <li key={c.ticket} className="rounded-lg border border-gray-200 p-3" data-testid="complaint">
              <p>
                <span className="font-mono font-semibold">{c.ticket}</span> · {t(`complaint.status.${c.status}`)}
              </p>
              <p className="text-gray-700">
                {c.status === "open"
                  ? t("complaint.ackBy", { at: when(c.ackDueAt) })
                  : c.status === "acknowledged"
                    ? t("complaint.resolveBy", { at: when(c.resolveDueAt) })
                    : null}
              </p>
              {c.ackNote && c.status === "acknowledged" && (
                <p className="mt-1">{t("complaint.reply", { note: c.ackNote })}</p>
              )}
              {c.resolutionNote && <p className="mt-1">{t("complaint.reply", { note: c.resolutionNote })}</p>}
            </li>
          ))}
        </ul>
      )}
      {open || ticket === null ? (
        <Form method="post" className="mt-3 space-y-2">
          <OrderProof lookup={lookup} intent="complaint" />
          <Field label={t("complaint.label")} hint={t("complaint.hint")}>
            {(control) => (
              <textarea
                {...control}
                name="message"
                rows={4}
                required
                minLength={10}
                maxLength={1000}
                className={inputVariants({ size: "lg" })}
              />
            )}
          </Field>
          <Button type="submit" variant="secondary" disabled={busy} className="w-full">
            {busy ? t("complaint.sending") : t("complaint.submit")}
          </Button>
        </Form>
      ) : (
        <Button type="button" variant="secondary" className="mt-3 w-full" onClick={() => setOpen(true)}>
          {t("complaint.another")}
        </Button>
      )}
    </section>
  );
}
