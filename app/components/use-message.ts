import { useTranslation } from "react-i18next";
import { type BuyerError, buyerMessage } from "~/domain/buyer-messages/catalogue";
import { useLocale } from "~/lib/i18n/use-locale";

/** Shows a buyer's message (from the server or a shared rule) in the page's language. */
export function useMessageText(): (error: string | BuyerError) => string {
  const { t } = useTranslation();
  const locale = useLocale();
  return (error) => buyerMessage(t, locale, error);
}
