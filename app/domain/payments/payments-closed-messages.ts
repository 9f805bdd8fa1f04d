/** What a buyer reads when payments are closed; `{{contact}}` is the shop's email and phone, joined by `or`. */
export const PAYMENTS_CLOSED_MESSAGES = {
  withContact: "This shop is not taking payments yet — contact us at {{contact}}.",
  noContact: "This shop is not taking payments yet — please come back later.",
  or: " or ",
} as const;

type Say = (key: keyof typeof PAYMENTS_CLOSED_MESSAGES, values?: { contact: string }) => string;

/** The words above, as the server writes them. */
export const sayInEnglish: Say = (key, values) =>
  PAYMENTS_CLOSED_MESSAGES[key].replace("{{contact}}", values?.contact ?? "");

/** The refusal in one language (`say` gives that language's words): the shop's contacts, or "come back later". */
export function paymentsClosedText(contacts: { email: string | null; phone: string | null }, say: Say): string {
  const contact = [contacts.email, contacts.phone].filter(Boolean).join(say("or"));
  return contact ? say("withContact", { contact }) : say("noContact");
}
