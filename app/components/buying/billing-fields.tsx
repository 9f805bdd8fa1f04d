import type { RefObject } from "react";
import { useTranslation } from "react-i18next";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { type BillingField, MAX_BILLING_ADDRESS, STATE_CODES_BY_NAME } from "~/domain/receipts/billing-address";

export interface BillingValues {
  address: string;
  pin: string;
  state: string;
}

export const NO_BILLING: BillingValues = { address: "", pin: "", state: "" };

/**
 * The order dialog's billing address, PIN code and State, asked only while the shop issues tax invoices
 * (a GSTIN is set): its invoice names the buyer (CGST rule 46(f); docs/receipts.md). The server checks
 * them with the same rules (app/domain/receipts/billing-address.ts).
 */
export function BillingFields({
  values,
  onChange,
  errorFor,
  refs,
  disabled,
}: {
  values: BillingValues;
  onChange: (field: BillingField, next: BillingValues) => void;
  errorFor: (field: BillingField) => string | undefined;
  refs: Record<BillingField, RefObject<HTMLInputElement | HTMLSelectElement | null>>;
  disabled: boolean;
}) {
  const { t } = useTranslation("order");
  const states = t("billing.states", { returnObjects: true }) as Record<string, string>;
  const set = (field: BillingField, key: keyof BillingValues, value: string) =>
    onChange(field, { ...values, [key]: value });
  return (
    <fieldset className="space-y-4 rounded-xl border border-gray-200 p-3" data-testid="billing-fields">
      <legend className="px-1 text-sm font-semibold">{t("billing.title")}</legend>
      <p className="text-xs text-gray-600">{t("billing.hint")}</p>
      <Field label={t("billing.address")} hint={t("billing.addressHint")} error={errorFor("billingAddress")}>
        {(control) => (
          <Input
            {...control}
            ref={refs.billingAddress as RefObject<HTMLInputElement>}
            name="billingAddress"
            autoComplete="street-address"
            maxLength={MAX_BILLING_ADDRESS}
            value={values.address}
            disabled={disabled}
            onChange={(e) => set("billingAddress", "address", e.target.value)}
          />
        )}
      </Field>
      <div className="grid grid-cols-[7rem_1fr] gap-3">
        <Field label={t("billing.pin")} error={errorFor("billingPin")}>
          {(control) => (
            <Input
              {...control}
              ref={refs.billingPin as RefObject<HTMLInputElement>}
              name="billingPin"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={7}
              value={values.pin}
              disabled={disabled}
              onChange={(e) => set("billingPin", "pin", e.target.value)}
            />
          )}
        </Field>
        <Field label={t("billing.state")} error={errorFor("billingState")}>
          {(control) => (
            <NativeSelect
              {...control}
              ref={refs.billingState as RefObject<HTMLSelectElement>}
              name="billingState"
              value={values.state}
              disabled={disabled}
              onChange={(e) => set("billingState", "state", e.target.value)}
            >
              <option value="">{t("billing.choose")}</option>
              {[...STATE_CODES_BY_NAME]
                .sort((a, b) => (states[a] ?? "").localeCompare(states[b] ?? ""))
                .map((code) => (
                  <option key={code} value={code}>
                    {states[code]}
                  </option>
                ))}
            </NativeSelect>
          )}
        </Field>
      </div>
    </fieldset>
  );
}
