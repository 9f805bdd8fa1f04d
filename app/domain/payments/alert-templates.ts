/**
 * Built-in templates for the UPI credit alerts Indian banks and business
 * payment apps send, as SMS and as e-mail. Each is a regular expression with
 * named groups: `amount` (required), `utr` (the 12-digit UPI reference / RRN),
 * `vpa` (the payer's UPI id), `date` and `time`. Text is matched after its
 * whitespace is collapsed to single spaces. Formats and sources:
 * docs/payments.md. Banks change their wording: the operator adds templates of
 * their own in Settings and tries them on a pasted alert there.
 */

export type AlertChannel = "sms" | "email";

export interface AlertTemplate {
  id: string;
  label: string;
  channel: AlertChannel;
  /**
   * For SMS: the sender ids the alert must come from (DLT headers such as
   * VM-HDFCBK). Anyone can text the shop's phone "Rs 500 credited"; only the
   * bank's registered header makes it the bank's.
   */
  senders?: RegExp;
  pattern: RegExp;
}

const AMOUNT = String.raw`(?:Rs\.?|INR|₹)\s?(?<amount>\d{1,3}(?:,\d{2,3})*(?:\.\d{1,2})?|\d+(?:\.\d{1,2})?)`;
const UTR = String.raw`(?<utr>\d{12})`;
const VPA = String.raw`(?<vpa>[A-Za-z0-9._-]{2,64}@[A-Za-z][A-Za-z0-9.-]{0,40}[A-Za-z0-9])`;
const DATE = String.raw`(?<date>\d{1,2}[-/ ]?(?:\d{1,2}|[A-Za-z]{3})[-/ ]?\d{2,4})`;
const TIME = String.raw`(?<time>\d{1,2}:\d{2}(?::\d{2})?(?:\s?[AP]M)?)`;
const ACCOUNT = String.raw`(?:A\/c|Acct|Account|AC|a\/c no\.?)\s?(?:no\.?\s?)?[Xx*]*\d{3,6}`;

const re = (source: string) => new RegExp(source, "i");

export const BUILT_IN_TEMPLATES: readonly AlertTemplate[] = [
  {
    id: "hdfc-sms",
    label: "HDFC Bank SMS",
    channel: "sms",
    senders: /^(?:[A-Z]{2}-)?HDFCBK(?:-[A-Z])?$|^(?:[A-Z]{2}-)?HDFCBN(?:-[A-Z])?$/i,
    pattern: re(
      String.raw`^Money Received - ${AMOUNT} in your HDFC Bank ${ACCOUNT} on ${DATE} (?:from|by) (?:VPA )?${VPA}(?: [A-Za-z .]{1,60})? \(UPI Ref No\.? ${UTR}\)`,
    ),
  },
  {
    id: "hdfc-email",
    label: "HDFC Bank e-mail",
    channel: "email",
    pattern: re(
      String.raw`${AMOUNT} has been successfully credited to your account \*{0,2}\d{4} by VPA ${VPA}(?: [A-Za-z .]{1,60})? on ${DATE}\.? Your UPI transaction reference number is ${UTR}`,
    ),
  },
  {
    id: "icici-sms",
    label: "ICICI Bank SMS",
    channel: "sms",
    senders: /^(?:[A-Z]{2}-)?ICICI[BT](?:-[A-Z])?$/i,
    pattern: re(String.raw`^ICICI Bank ${ACCOUNT} credited:? ?${AMOUNT} on ${DATE}\.? Info:? UPI\/${UTR}\/${VPA}`),
  },
  {
    id: "icici-email",
    label: "ICICI Bank e-mail",
    channel: "email",
    pattern: re(
      String.raw`ICICI Bank ${ACCOUNT} (?:has been|is) credited with ${AMOUNT} on ${DATE}\.? (?:Info:? )?UPI\/${UTR}\/${VPA}`,
    ),
  },
  {
    id: "sbi-sms",
    label: "SBI SMS",
    channel: "sms",
    senders: /^(?:[A-Z]{2}-)?(?:SBIUPI|SBIINB|SBIBNK|CBSSBI|SBIPSG)(?:-[A-Z])?$/i,
    pattern: re(
      String.raw`^Dear SBI User, your A\/c X?\d{4}-credited by ${AMOUNT} on ${DATE} transfer from [A-Za-z .]{1,60} Ref No ${UTR}`,
    ),
  },
  {
    id: "sbi-email",
    label: "SBI e-mail",
    channel: "email",
    pattern: re(
      String.raw`Your A\/C X+\d{4} has a credit by (?:transfer|UPI) of ${AMOUNT} on ${DATE} by UPI\/CR\/${UTR}\/[A-Za-z .]{1,60}\/(?:[A-Z]{4}\/)?${VPA}`,
    ),
  },
  {
    id: "axis-sms",
    label: "Axis Bank SMS",
    channel: "sms",
    senders: /^(?:[A-Z]{2}-)?AXISBK(?:-[A-Z])?$/i,
    pattern: re(
      String.raw`^${AMOUNT} credited to ${ACCOUNT} on ${DATE}(?: at ${TIME} IST)?\.? Info- UPI\/(?:P2[AM]\/)?${UTR}\/[A-Za-z .]{1,60}`,
    ),
  },
  {
    id: "axis-email",
    label: "Axis Bank e-mail",
    channel: "email",
    pattern: re(
      String.raw`Your ${ACCOUNT} has been credited with ${AMOUNT} on ${DATE}(?: at ${TIME} IST)?\.? (?:Info|Transaction Info):? UPI\/(?:P2[AM]\/)?${UTR}\/[A-Za-z .]{1,60}(?:\/${VPA})?`,
    ),
  },
  {
    id: "kotak-sms",
    label: "Kotak Bank SMS",
    channel: "sms",
    senders: /^(?:[A-Z]{2}-)?(?:KOTAKB|KOTAK8|KOTMAH)(?:-[A-Z])?$/i,
    pattern: re(
      String.raw`^Received ${AMOUNT} in your Kotak Bank AC X?\d{4} from ${VPA} on ${DATE}\.? ?UPI Ref:? ?${UTR}`,
    ),
  },
  {
    id: "kotak-email",
    label: "Kotak Bank e-mail",
    channel: "email",
    pattern: re(
      String.raw`Your account X+\d{4} has been credited with ${AMOUNT} on ${DATE}(?: ${TIME})? by UPI\.? ?(?:Sender|Payer) VPA:? ${VPA}\.? ?UPI Ref(?:erence)? (?:No\.?|Number):? ${UTR}`,
    ),
  },
  {
    id: "phonepe-business",
    label: "PhonePe Business",
    channel: "sms",
    senders: /^(?:[A-Z]{2}-)?(?:PHONPE|PHPBIZ)(?:-[A-Z])?$|^com\.phonepe\.app\.business$/i,
    pattern: re(
      String.raw`^(?:You have )?received ${AMOUNT} from [A-Za-z .]{1,60}(?: \(${VPA}\))?(?: on PhonePe)?\.? ?(?:UTR|UPI Ref(?:\. No\.?)?):? ?${UTR}`,
    ),
  },
  {
    id: "phonepe-business-email",
    label: "PhonePe Business e-mail",
    channel: "email",
    pattern: re(
      String.raw`Payment of ${AMOUNT} received from [A-Za-z .]{1,60}(?: \(${VPA}\))?\.? (?:UTR|UPI Ref(?:erence)? No\.?):? ?${UTR}`,
    ),
  },
  {
    id: "paytm-business",
    label: "Paytm for Business",
    channel: "sms",
    senders: /^(?:[A-Z]{2}-)?(?:PYTMBZ|PAYTMB|iPaytm)(?:-[A-Z])?$|^com\.paytm\.business$/i,
    pattern: re(
      String.raw`^Received ${AMOUNT} from [A-Za-z .]{1,60}(?: \(${VPA}\))? (?:in your Paytm (?:for Business|Business) account|on Paytm)\.? ?UPI Ref(?:erence)? No:? ?${UTR}`,
    ),
  },
  {
    id: "paytm-business-email",
    label: "Paytm for Business e-mail",
    channel: "email",
    pattern: re(
      String.raw`You have received a payment of ${AMOUNT} from [A-Za-z .]{1,60}(?: \(${VPA}\))?\.? UPI Ref(?:erence)? No:? ?${UTR}`,
    ),
  },
  {
    id: "gpay-business",
    label: "Google Pay for Business",
    channel: "sms",
    senders: /^(?:[A-Z]{2}-)?(?:GPAYBZ|GOOGLE)(?:-[A-Z])?$|^com\.google\.android\.apps\.nbu\.paisa\.merchant$/i,
    pattern: re(String.raw`^${AMOUNT} received from [A-Za-z .]{1,60}(?: \(${VPA}\))?\.? ?UPI transaction ID:? ?${UTR}`),
  },
  {
    id: "gpay-business-email",
    label: "Google Pay for Business e-mail",
    channel: "email",
    pattern: re(
      String.raw`You received ${AMOUNT} from [A-Za-z .]{1,60}(?: \(${VPA}\))?\.? UPI transaction ID:? ?${UTR}`,
    ),
  },
];
