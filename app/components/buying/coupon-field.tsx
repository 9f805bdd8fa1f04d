import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { GENERIC_MESSAGE, apiCall } from "~/lib/client/api-client";
import { useLocale } from "~/lib/i18n/use-locale";
import { useMessageText } from "~/components/use-message";
import { formatInr } from "~/lib/money";
import { couponQuoteEndpoint } from "~/routes/api/coupon-quote.types";

/** A code the shop accepted for the plan: the price before and after it, in paise. */
export interface AppliedCode {
  code: string;
  beforePaise: number;
  discountPaise: number;
  afterPaise: number;
}

interface Props {
  planId: number;
  /** The phone typed so far: a code limited per phone is checked for it. */
  phone: string;
  applied: AppliedCode | null;
  onApplied: (applied: AppliedCode | null) => void;
  /** The order's own refusal of the code (used up meanwhile), shown here. */
  refusal: string | undefined;
  onRefusalSeen: () => void;
  disabled: boolean;
}

/**
 * The order dialog's optional coupon code: "Apply" asks the shop what the
 * code takes off this plan and shows the price before and after; the order
 * is priced again by the server when it is placed (never by this preview).
 */
export function CouponField({ planId, phone, applied, onApplied, refusal, onRefusalSeen, disabled }: Props) {
  const { t } = useTranslation("order");
  const locale = useLocale();
  const message = useMessageText();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const shown = error ?? refusal;

  async function apply() {
    if (!typed.trim() || checking) return;
    setChecking(true);
    setError(null);
    onRefusalSeen();
    const answer = await apiCall(couponQuoteEndpoint, { body: { planId, code: typed, phone: phone || null } });
    setChecking(false);
    if (answer.ok) {
      const { code, beforePaise, discountPaise, afterPaise } = answer.data;
      onApplied({ code, beforePaise, discountPaise, afterPaise });
    } else {
      onApplied(null);
      setError(answer.error.status === 0 ? message(GENERIC_MESSAGE) : message(answer.error));
    }
  }

  if (applied) {
    return (
      <div className="rounded-xl border border-green-300 bg-green-50 p-3 text-sm" data-testid="coupon-applied">
        <p className="font-semibold text-green-900" aria-live="polite">
          {t("coupon.applied", { code: applied.code, discount: formatInr(applied.discountPaise, locale) })}
        </p>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="text-gray-700">{t("coupon.price")}</dt>
          <dd data-testid="coupon-before" className="text-gray-700 line-through">
            {formatInr(applied.beforePaise, locale)}
          </dd>
          <dt className="font-semibold">{t("coupon.youPay")}</dt>
          <dd data-testid="coupon-after" className="font-semibold">
            {formatInr(applied.afterPaise, locale)}
          </dd>
        </dl>
        <Button
          variant="link"
          size="inline"
          disabled={disabled}
          onClick={() => onApplied(null)}
          className="mt-2 text-sm"
        >
          {t("coupon.remove")}
        </Button>
      </div>
    );
  }
  if (!open && !shown) {
    return (
      <Button variant="link" size="inline" onClick={() => setOpen(true)} className="text-sm">
        {t("coupon.open")}
      </Button>
    );
  }
  return (
    <Field label={t("coupon.label")} error={shown ?? undefined}>
      {(control) => (
        <div className="flex gap-2">
          <Input
            {...control}
            name="coupon"
            value={typed}
            maxLength={30}
            autoCapitalize="characters"
            autoComplete="off"
            disabled={disabled || checking}
            onChange={(e) => {
              setTyped(e.target.value);
              setError(null);
              onRefusalSeen();
            }}
            onKeyDown={(e) => {
              // Enter applies the code; it never places the order.
              if (e.key === "Enter") {
                e.preventDefault();
                void apply();
              }
            }}
            className="uppercase"
          />
          <Button type="button" variant="neutral" disabled={disabled || checking} onClick={() => void apply()}>
            {t(checking ? "coupon.applying" : "coupon.apply")}
          </Button>
        </div>
      )}
    </Field>
  );
}
