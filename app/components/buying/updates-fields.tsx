import { type RefObject, useId } from "react";
import { useTranslation } from "react-i18next";
import { Checkbox } from "~/components/ui/checkbox";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";

/**
 * The order dialog's optional ways to hear about the order (docs/buyer-messages.md):
 * an e-mail for the receipt and updates, and "Send me order updates on
 * WhatsApp", unticked until the buyer ticks it (offered only while the shop's
 * WhatsApp is set up). What is ticked is kept with the order, as the terms are.
 */
export function UpdatesFields({
  email,
  onEmail,
  emailRef,
  emailError,
  whatsapp,
  onWhatsapp,
  offerWhatsapp,
  disabled,
}: {
  email: string;
  onEmail: (email: string) => void;
  emailRef: RefObject<HTMLInputElement | null>;
  emailError?: string;
  whatsapp: boolean;
  onWhatsapp: (on: boolean) => void;
  offerWhatsapp: boolean;
  disabled: boolean;
}) {
  const { t } = useTranslation("updates");
  const consentId = useId();
  return (
    <>
      <Field label={t("email")} hint={t("emailHint")} error={emailError}>
        {(control) => (
          <Input
            {...control}
            ref={emailRef}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            maxLength={254}
            value={email}
            disabled={disabled}
            onChange={(e) => onEmail(e.target.value)}
          />
        )}
      </Field>
      {offerWhatsapp && (
        <div className="flex items-start gap-3">
          <Checkbox
            id={consentId}
            checked={whatsapp}
            onCheckedChange={(v) => onWhatsapp(v === true)}
            disabled={disabled}
            aria-describedby={`${consentId}-hint`}
            className="mt-0.5"
          />
          <div>
            <label htmlFor={consentId} className="text-sm font-medium text-gray-800">
              {t("consent")}
            </label>
            <p id={`${consentId}-hint`} className="text-xs text-gray-600">
              {t("consentHint")}
            </p>
          </div>
        </div>
      )}
    </>
  );
}
