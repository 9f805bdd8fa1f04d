import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { OrderProof } from "./order-proof";

/** What an "Erase my data" request came to, as /track's action answers it (app/domain/privacy/erasure.server.ts). */
export interface ErasureShown {
  reference: string;
  erased: string[];
  waiting: string[];
}

/**
 * /track's "Erase my data": one tap opens what will be erased and what the
 * law makes the shop keep, a second confirms. Works before React runs (a
 * `<details>` and a plain form with the lookup's proof).
 */
export function EraseData({ lookup, busy }: { lookup: { orderId: string; phone: string }; busy: boolean }) {
  const { t } = useTranslation("track");
  return (
    <details className="mt-6 border-t border-gray-200 pt-4 text-sm" data-testid="erase-data">
      <summary className="cursor-pointer font-semibold text-gray-800">{t("erase.open")}</summary>
      <div className="mt-2 space-y-2 text-gray-700">
        <p>{t("erase.what")}</p>
        <p>{t("erase.kept")}</p>
        <p>{t("erase.running")}</p>
        <p>{t("erase.final")}</p>
      </div>
      <Form method="post" className="mt-3">
        <OrderProof lookup={lookup} intent="erase" />
        <Button type="submit" variant="danger" size="md" disabled={busy}>
          {t("erase.confirm")}
        </Button>
      </Form>
    </details>
  );
}

/** The answer: what was erased now, and the orders erased automatically once they finish. */
export function ErasureDone({ erasure }: { erasure: ErasureShown }) {
  const { t } = useTranslation("track");
  return (
    <div role="status" className="rounded-lg bg-green-50 p-3 text-sm text-green-900" data-testid="erasure-done">
      <p className="font-semibold">{t("erase.doneTitle", { reference: erasure.reference })}</p>
      {erasure.erased.length > 0 && (
        <p className="mt-1">{t("erase.erased", { count: erasure.erased.length, orders: erasure.erased.join(", ") })}</p>
      )}
      {erasure.waiting.length > 0 && (
        <p className="mt-1" data-testid="erasure-waiting">
          {t("erase.waiting", { count: erasure.waiting.length, orders: erasure.waiting.join(", ") })}
        </p>
      )}
      <p className="mt-1">{t("erase.keptShort")}</p>
    </div>
  );
}
