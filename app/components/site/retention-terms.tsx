import { useTranslation } from "react-i18next";

/**
 * How long the buyer's details are kept (Settings → Retention period) and how
 * to have them erased sooner, in the page's language: the privacy policy's
 * `{{retentionTerms}}` (docs/privacy.md says why the default is 365 days).
 */
export function RetentionTerms({ days }: { days: number }) {
  const { t } = useTranslation("policies");
  return (
    <ul data-testid="retention-terms" data-retention-days={days}>
      <li>{t("retention.kept", { days })}</li>
      <li>{t("retention.erase")}</li>
      <li>{t("retention.money")}</li>
    </ul>
  );
}
