import { Loader2 } from "lucide-react";
import { useTranslation } from "react-i18next";

/**
 * What a tap on "Buy Now" shows at once while the order dialog's code is
 * still on its way (slow 3G took about 2 s, and the tap seemed lost): the
 * dialog's own overlay and sheet, saying the form is opening. It stays out of
 * the dialog's chunk, so it costs the page next to nothing.
 */
export function OrderDialogPending() {
  const { t } = useTranslation("service");
  return (
    <>
      <div className="fixed inset-0 z-40 bg-black/50" />
      <div
        role="status"
        data-testid="order-dialog-pending"
        className="fixed inset-x-0 bottom-0 z-50 flex items-center gap-3 rounded-t-2xl bg-white p-5 font-semibold shadow-xl sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-full sm:max-w-md sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl"
      >
        <Loader2 aria-hidden className="size-5 animate-spin text-brand-600 motion-reduce:animate-none" />
        {t("plans.opening")}
      </div>
    </>
  );
}
