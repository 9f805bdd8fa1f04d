import { useTranslation } from "react-i18next";
import { refundPaise } from "~/domain/orders/lifecycle";
import { useLocale } from "~/lib/i18n/use-locale";
import { formatInr } from "~/lib/money";

/** The example order the terms work through: ₹500. */
const EXAMPLE_PAISE = 50_000;

/**
 * The cancellation fee both ways, as set now (Settings → Cancellation fee), in
 * the page's language: kept when the buyer cancels, paid on top of the refund
 * when the shop does (Consumer Protection (E-Commerce) Rules 2020, rule 4(6)),
 * each with the ₹500 example worked out by the refund's own arithmetic. At 0%: none either way.
 */
export function CancellationTerms({ percent }: { percent: number }) {
  const { t } = useTranslation("policies");
  const locale = useLocale();
  const example = (by: "buyer" | "shop") => formatInr(refundPaise(EXAMPLE_PAISE, 1, 1, by, percent), locale);
  const paid = formatInr(EXAMPLE_PAISE, locale);
  if (percent <= 0) {
    return (
      <p data-testid="cancellation-terms" data-fee-percent={percent}>
        {t("fees.none")}
      </p>
    );
  }
  return (
    <div data-testid="cancellation-terms" data-fee-percent={percent}>
      <p>{t("fees.buyer", { percent, paid, back: example("buyer") })}</p>
      <p>{t("fees.shop", { percent, paid, back: example("shop") })}</p>
    </div>
  );
}
