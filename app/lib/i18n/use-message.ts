import { useTranslation } from "react-i18next";
import { messageKey } from "./messages";

/** Shows a buyer's message (from the server or a shared rule) in the page's language. */
export function useMessageText(): (text: string) => string {
  const { t } = useTranslation();
  return (text) => {
    const key = messageKey(text);
    return key ? t(key) : text;
  };
}
