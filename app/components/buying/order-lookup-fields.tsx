import { useTranslation } from "react-i18next";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";

/**
 * The two fields a buyer proves an order with, on /track and /receipt: its ID and the phone number it
 * was placed with (what the server's lookup reads, `trackLookupSchema`).
 */
export function OrderLookupFields({
  orderId,
  phone = "",
  phoneHint = false,
}: {
  /** What the fields start with: what the buyer typed last, or the order of the address. */
  orderId: string;
  phone?: string;
  /** Say under the phone field which forms of the number are taken. */
  phoneHint?: boolean;
}) {
  const { t } = useTranslation("track");
  return (
    <>
      <Field id="orderId" label={t("orderId")}>
        {(control) => (
          <Input
            {...control}
            name="orderId"
            defaultValue={orderId}
            autoCapitalize="characters"
            autoComplete="off"
            required
            maxLength={60}
          />
        )}
      </Field>
      <Field id="phone" label={t("phone")} hint={phoneHint ? t("phoneHint") : undefined}>
        {/* No fixed "+91" in front: people type it, or a leading 0, and the server takes it either way. */}
        {(control) => (
          <Input
            {...control}
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            required
            maxLength={20}
            defaultValue={phone}
            placeholder={t("phonePlaceholder")}
          />
        )}
      </Field>
    </>
  );
}
