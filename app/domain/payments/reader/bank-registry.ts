/**
 * What the shop knows about each Indian bank (and payment bank or app) whose
 * alerts it reads: the DLT sender headers its SMS come from, the domains its
 * alert e-mails are signed by, and the names it calls itself in its alerts.
 * This is data, not code: the reader (read-alert.ts) is the same for every
 * bank, and an alert is read only with the entry of the bank that sent it.
 *
 * Sender headers: the 6-character (sometimes longer) header TRAI's DLT
 * registry gives the bank, which Indian networks deliver as `XX-HEADER` and,
 * since 2025, `XX-HEADER-S`/`-T` (service / transactional; `-P` promotional
 * and `-G` government are never alerts). Sources, per entry:
 *   [shield] prash077/SHIELD shield/knowledge_base/legitimate/sender_ids.md
 *   [pw]     sarim2000/pennywiseai-tracker parser-core/…/bank/*Parser.kt (canHandle) and their tests
 *   [corpus] shared/bank-alerts/corpus.json (senders of real alerts)
 *   [fx]     public parser fixtures quoted in tests/fixtures/bank-alerts/holdout.json
 *   [pw2]    pennywiseai-tracker tests added after the shared corpus was taken (unseen.json)
 *   [obs]    a public project's parser cases marked as real observed senders (unseen.json)
 *   [pw3]    pennywiseai-tracker parser-core/…/bank/*Parser.kt canHandle, for banks the earlier sets lacked
 *            (found with tests/fixtures/bank-alerts/held-out-2.json; only the 6-letter DLT headers, not
 *            the parsers' loose "contains" matches)
 * E-mail domains: sender allow-lists of public mail-parsing projects
 * (alerts@hdfcbank.net, alerts@hdfcbank.bank.in, alerts@icicibank.com,
 * alert@icici.bank.in, alerts@axisbank.com, alerts@axis.bank.in,
 * cbssbi.cas@alerts.sbi.co.in, alerts.sbi.bank.in, alerts@kotak.com,
 * kotak.bank.in, transactionalert@indusind.com, idfcfirst.bank.in,
 * yes.bank.in, bankofbaroda.bank.in, federalbank.co.in); banks moved to
 * `.bank.in` domains in 2025 and keep both for now.
 */

export interface BankEntry {
  /** Stable id, used in evidence and the CLI. */
  id: string;
  name: string;
  /** DLT headers, upper case, without the operator prefix or route suffix. */
  smsHeaders: readonly string[];
  /** Domains (and their subdomains) whose aligned DKIM signature makes an e-mail this bank's. */
  emailDomains: readonly string[];
  /**
   * How the bank names itself in its alerts ("HDFC Bank A/c xx1234", "- Federal Bank"): an alert from
   * this bank that names another bank as the account's is not this bank's alert.
   */
  names: readonly string[];
  /**
   * The bank sends alerts on the government route (`XX-HEADER-G`), which is refused for every other
   * bank: India Post's (Department of Posts) savings-bank alerts come from `VM-DOPBNK-G`.
   */
  governmentRoute?: boolean;
  /** Where the headers and domains come from (see the file comment). */
  sources: readonly string[];
}

export const BANKS: readonly BankEntry[] = [
  {
    id: "hdfc",
    name: "HDFC Bank",
    smsHeaders: ["HDFCBK", "HDFCBN"],
    emailDomains: ["hdfcbank.net", "hdfcbank.bank.in", "hdfc.bank.in", "hdfcbank.com"],
    names: ["HDFC Bank", "HDFC"],
    sources: ["shield", "pw", "corpus"],
  },
  {
    id: "icici",
    name: "ICICI Bank",
    smsHeaders: ["ICICIB", "ICICIT"],
    emailDomains: ["icicibank.com", "icici.bank.in"],
    names: ["ICICI Bank", "ICICI"],
    sources: ["shield", "pw", "corpus"],
  },
  {
    id: "sbi",
    name: "State Bank of India",
    smsHeaders: ["SBIUPI", "SBIINB", "SBIBNK", "SBIPSG", "SBIYNO", "CBSSBI", "ATMSBI"],
    emailDomains: ["sbi.co.in", "sbi.bank.in"],
    names: ["State Bank of India", "SBI"],
    sources: ["shield", "pw", "corpus", "fx"],
  },
  {
    id: "axis",
    name: "Axis Bank",
    smsHeaders: ["AXISBK", "AXISMB"],
    emailDomains: ["axisbank.com", "axis.bank.in"],
    names: ["Axis Bank"],
    sources: ["shield", "pw", "corpus"],
  },
  {
    id: "kotak",
    name: "Kotak Mahindra Bank",
    smsHeaders: ["KOTAKB", "KOTAKD", "KOTMAH", "KOTAK8"],
    emailDomains: ["kotak.com", "kotak.bank.in"],
    names: ["Kotak Mahindra Bank", "Kotak Bank", "Kotak"],
    sources: ["shield", "pw", "corpus"],
  },
  {
    id: "pnb",
    name: "Punjab National Bank",
    smsHeaders: ["PNBSMS", "PNBBNK"],
    emailDomains: ["pnb.co.in", "pnb.bank.in"],
    names: ["Punjab National Bank", "PNB"],
    sources: ["shield", "pw", "corpus"],
  },
  {
    id: "bob",
    name: "Bank of Baroda",
    smsHeaders: ["BOBTXN", "BOBSMS", "BOBCRD"],
    emailDomains: ["bankofbaroda.com", "bankofbaroda.bank.in"],
    names: ["Bank of Baroda", "BOBCARD"],
    sources: ["shield", "pw", "corpus"],
  },
  {
    id: "indusind",
    name: "IndusInd Bank",
    smsHeaders: ["INDUSB", "INDUSIND"],
    emailDomains: ["indusind.com"],
    names: ["IndusInd Bank", "IndusInd"],
    sources: ["pw", "corpus"],
  },
  {
    id: "canara",
    name: "Canara Bank",
    smsHeaders: ["CANBNK", "CANBSM"],
    emailDomains: ["canarabank.com"],
    names: ["Canara Bank", "CanaraBank"],
    sources: ["shield", "pw", "corpus"],
  },
  {
    id: "federal",
    name: "Federal Bank",
    smsHeaders: ["FEDBNK", "FEDSCP", "FEDFIB"],
    emailDomains: ["federalbank.co.in"],
    names: ["Federal Bank"],
    sources: ["pw", "corpus"],
  },
  {
    id: "idfc",
    name: "IDFC FIRST Bank",
    smsHeaders: ["IDFCBK", "IDFCFB"],
    emailDomains: ["idfcfirstbank.com", "idfcfirst.bank.in"],
    names: ["IDFC FIRST Bank", "IDFC First Bank", "IDFC Bank"],
    sources: ["pw", "corpus"],
  },
  {
    id: "yes",
    name: "Yes Bank",
    smsHeaders: ["YESBNK"],
    emailDomains: ["yesbank.in", "yes.bank.in"],
    names: ["Yes Bank"],
    sources: ["pw", "corpus"],
  },
  {
    id: "union",
    name: "Union Bank of India",
    smsHeaders: ["UNIONB", "UBIBNK", "UBIOBC"],
    emailDomains: [],
    names: ["Union Bank of India", "Union Bank"],
    sources: ["shield", "pw"],
  },
  {
    id: "indian",
    name: "Indian Bank",
    smsHeaders: ["INDBNK"],
    emailDomains: [],
    names: ["Indian Bank", "IndianBank"],
    sources: ["pw", "corpus"],
  },
  {
    id: "boi",
    name: "Bank of India",
    smsHeaders: ["BOIIND", "BOIBNK"],
    emailDomains: [],
    names: ["Bank of India", "BOI"],
    sources: ["pw", "corpus"],
  },
  {
    id: "central",
    name: "Central Bank of India",
    smsHeaders: ["CENTBK"],
    emailDomains: [],
    names: ["Central Bank of India", "CBoI"],
    sources: ["pw", "corpus"],
  },
  {
    id: "sib",
    name: "South Indian Bank",
    smsHeaders: ["SIBSMS"],
    emailDomains: [],
    names: ["South Indian Bank"],
    sources: ["pw", "corpus"],
  },
  {
    id: "saraswat",
    name: "Saraswat Bank",
    smsHeaders: ["SARBNK"],
    emailDomains: [],
    names: ["Saraswat Bank"],
    sources: ["pw", "corpus"],
  },
  {
    id: "dhanlaxmi",
    name: "Dhanlaxmi Bank",
    smsHeaders: ["DHANBK"],
    emailDomains: [],
    names: ["Dhanlaxmi Bank", "DhanlaxmiBank"],
    sources: ["pw", "corpus"],
  },
  {
    id: "equitas",
    name: "Equitas Small Finance Bank",
    smsHeaders: ["EQUTAS"],
    emailDomains: [],
    names: ["Equitas Small Finance Bank", "Equitas Bank", "Equitas"],
    sources: ["pw", "corpus"],
  },
  {
    id: "bandhan",
    name: "Bandhan Bank",
    smsHeaders: ["BDNSMS"],
    emailDomains: [],
    names: ["Bandhan Bank"],
    sources: ["pw", "corpus"],
  },
  {
    id: "au",
    name: "AU Small Finance Bank",
    smsHeaders: ["AUBANK"],
    emailDomains: [],
    names: ["AU Small Finance Bank", "AU Bank", "AU"],
    sources: ["pw", "corpus"],
  },
  {
    id: "jana",
    name: "Jana Small Finance Bank",
    smsHeaders: ["JANABK"],
    emailDomains: [],
    names: ["Jana Small Finance Bank", "JANA SFB"],
    sources: ["pw", "corpus"],
  },
  {
    id: "slice",
    name: "slice (slice Small Finance Bank)",
    smsHeaders: ["SLCEIT", "SLICEIT", "SLCBNK"],
    emailDomains: [],
    names: ["slice"],
    sources: ["pw", "corpus"],
  },
  {
    id: "idbi",
    name: "IDBI Bank",
    smsHeaders: ["IDBIBK"],
    emailDomains: [],
    names: ["IDBI Bank"],
    sources: ["shield", "pw"],
  },
  {
    id: "uco",
    name: "UCO Bank",
    smsHeaders: ["UCOBNK"],
    emailDomains: [],
    names: ["UCO Bank"],
    sources: ["pw"],
  },
  {
    id: "karnataka",
    name: "Karnataka Bank",
    smsHeaders: ["KBLBNK"],
    emailDomains: [],
    names: ["Karnataka Bank"],
    sources: ["pw"],
  },
  {
    id: "kgb",
    name: "Kerala Gramin Bank",
    smsHeaders: ["KGBANK"],
    emailDomains: [],
    names: ["Kerala Gramin Bank"],
    sources: ["pw", "fx"],
  },
  {
    id: "psb",
    name: "Punjab & Sind Bank",
    smsHeaders: ["PSBANK"],
    emailDomains: [],
    names: ["Punjab&Sind Bank", "Punjab & Sind Bank"],
    sources: ["pw", "fx"],
  },
  {
    id: "airtel",
    name: "Airtel Payments Bank",
    smsHeaders: ["AIRBNK"],
    emailDomains: [],
    names: ["Airtel Payments Bank"],
    sources: ["pw"],
  },
  {
    id: "ippb",
    name: "India Post Payments Bank",
    smsHeaders: ["IPBMSG"],
    emailDomains: [],
    names: ["India Post Payments Bank", "IPPB"],
    sources: ["pw"],
  },
  {
    id: "hsbc",
    name: "HSBC India",
    smsHeaders: ["HSBCIN"],
    emailDomains: [],
    names: ["HSBC"],
    sources: ["pw2"],
  },
  {
    id: "scb",
    name: "Standard Chartered Bank",
    smsHeaders: ["SCBANK"],
    emailDomains: [],
    names: ["StanChart", "Standard Chartered"],
    sources: ["pw2"],
  },
  {
    id: "dop",
    name: "India Post (Post Office Savings Bank)",
    smsHeaders: ["DOPBNK"],
    emailDomains: [],
    names: ["India Post"],
    governmentRoute: true,
    sources: ["pw2"],
  },
  {
    id: "keralabank",
    name: "Kerala Bank",
    smsHeaders: ["KELBNK"],
    emailDomains: [],
    names: ["Kerala Bank"],
    sources: ["pw2"],
  },
  {
    id: "nsdlpb",
    name: "NSDL Payments Bank",
    smsHeaders: ["NSDLPB"],
    emailDomains: [],
    names: ["NSDLPB", "NSDL Payments Bank"],
    sources: ["pw2"],
  },
  {
    // NSDL Payments Bank's successor: its alerts come from JIOPBS ("JPB A/c xxxx0956 is credited with Rs.25.00").
    id: "jiopb",
    name: "Jio Payments Bank",
    smsHeaders: ["JIOPBS"],
    emailDomains: [],
    names: ["Jio Payments Bank", "JPB"],
    sources: ["pw3"],
  },
  {
    id: "jkbank",
    name: "J&K Bank",
    smsHeaders: ["JKBANK", "JKBNK"],
    emailDomains: [],
    names: ["J&K Bank", "Jammu & Kashmir Bank", "JK Bank"],
    sources: ["pw3"],
  },
  {
    id: "cub",
    name: "City Union Bank",
    smsHeaders: ["CUBANK", "CUBLTD"],
    emailDomains: [],
    names: ["City Union Bank"],
    sources: ["pw3"],
  },
  {
    id: "dbs",
    name: "DBS Bank India",
    smsHeaders: ["DBSBNK"],
    emailDomains: [],
    names: ["DBS Bank"],
    sources: ["pw3"],
  },
  {
    id: "iob",
    name: "Indian Overseas Bank",
    smsHeaders: ["IOBCHN"],
    emailDomains: [],
    names: ["Indian Overseas Bank", "IOB"],
    sources: ["pw3"],
  },
  {
    id: "utkarsh",
    name: "Utkarsh Small Finance Bank",
    smsHeaders: ["UTKSPR", "UTKSFB"],
    emailDomains: [],
    names: ["Utkarsh Small Finance Bank", "Utkarsh"],
    sources: ["pw3"],
  },
  {
    id: "phonepe",
    name: "PhonePe Business",
    // PHONEPE: PhonePe Business's credit SMS ("Rs 1 received from ******4892 … via PhonePe."), from AX-PHONEPE-S.
    smsHeaders: ["PHONPE", "PHONEPE"],
    emailDomains: [],
    names: ["PhonePe"],
    sources: ["shield", "obs"],
  },
  {
    id: "paytm",
    name: "Paytm for Business",
    smsHeaders: ["PAYTMB", "IPAYTM", "PYTMBZ"],
    emailDomains: [],
    names: ["Paytm"],
    sources: ["shield"],
  },
  {
    id: "gpay",
    name: "Google Pay for Business",
    smsHeaders: ["GGLPAY"],
    emailDomains: [],
    names: ["Google Pay"],
    sources: ["shield"],
  },
];

/**
 * Domains whose mail systems sign text that anyone writes (a calendar invitation, a form, a shared
 * document, a payment app's "request money" note, any mailbox of a free provider): a valid signature
 * from them says nothing about who wrote an alert's words. Refused as bank sender domains.
 */
export const USER_CONTENT_SIGNERS: Readonly<Record<string, string>> = {
  "google.com": "Google signs Calendar invitations, Forms and Groups mail whose text anyone writes",
  "gmail.com": "anyone can have a Gmail address",
  "googlemail.com": "anyone can have a Gmail address",
  "googlegroups.com": "anyone can post to a Google Group",
  "outlook.com": "anyone can have an Outlook address",
  "hotmail.com": "anyone can have a Hotmail address",
  "live.com": "anyone can have a Microsoft account",
  "microsoft.com": "Microsoft signs Teams, Forms and calendar mail whose text anyone writes",
  "yahoo.com": "anyone can have a Yahoo address",
  "yahoo.co.in": "anyone can have a Yahoo address",
  "icloud.com": "anyone can have an iCloud address",
  "me.com": "anyone can have an iCloud address",
  "zoho.com": "anyone can have a Zoho mailbox",
  "zohomail.in": "anyone can have a Zoho mailbox",
  "proton.me": "anyone can have a Proton address",
  "protonmail.com": "anyone can have a Proton address",
  "rediffmail.com": "anyone can have a Rediffmail address",
  "paytm.com": "Paytm mails notes and requests whose text its users write",
  "phonepe.com": "PhonePe mails notes and requests whose text its users write",
  "amazonses.com": "Amazon SES signs mail for any of its customers",
  "sendgrid.net": "SendGrid signs mail for any of its customers",
  "mailgun.org": "Mailgun signs mail for any of its customers",
  "mcsv.net": "Mailchimp signs mail for any of its customers",
};

/** The bank entry an e-mail domain falls under (itself or a subdomain of one of the bank's domains). */
export function bankForDomain(domain: string): BankEntry | null {
  const d = domain.trim().toLowerCase().replace(/\.$/, "");
  return BANKS.find((bank) => bank.emailDomains.some((b) => d === b || d.endsWith(`.${b}`))) ?? null;
}

/** Every built-in bank domain: the default list of allowed e-mail sender domains. */
export const BANK_EMAIL_DOMAINS: readonly string[] = BANKS.flatMap((bank) => bank.emailDomains);

export function bankById(id: string): BankEntry | null {
  return BANKS.find((bank) => bank.id === id) ?? null;
}
