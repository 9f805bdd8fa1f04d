import { type AmountMention, namesABank } from "./alert-fields";

/**
 * Money in or not, from the words around the amount. First the words that
 * make a text something other than a completed credit to the account,
 * whatever else it says (an OTP, a request, a promise, a failure, a
 * reversal, a refund, a card, a mandate, an offer); then the first word that moves
 * money decides its direction: "Acct XX051 debited for Rs 180; SHOP
 * credited" is a debit, "a/c credited for Rs 10 and debited from a/c
 * XX0987" a credit. "…has received Rs 21 from your A/c" is money leaving.
 */

export type Direction = { credit: true } | { credit: false; why: string };

const NOT_A_CREDIT: [RegExp, string][] = [
  [/\botp\b|one[- ]time password|verification code/i, "it is an OTP message"],
  [/\brequest(?:ed|ing|s)?\b|\bcollect\b/i, "it is a payment request, not a payment"],
  [
    /\bwill be\b|\bto be (?:credited|debited|paid)\b|\bupcoming\b|\bscheduled\b|\b(?:is|are|payment|amount) due\b|\bdue (?:on|by|date)\b|\bpre-?debit\b/i,
    "it announces something that has not happened yet",
  ],
  [
    /\bfail(?:ed|ure|s)?\b|\bdeclined\b|\bunsuccessful\b|\bcould not\b|\bnot (?:been )?(?:processed|completed|successful)\b|\brejected\b|\brevoked\b|\bpending\b|\bon hold\b|\binitiated\b|\breturned\b|\bbounced\b|\bdishono(?:u)?red\b/i,
    "it reports a failed, pending, returned or only initiated transaction",
  ],
  [/\brevers(?:ed|al)\b|\bchargeback\b/i, "it reports the reversal of an earlier transaction"],
  // Money back for the account holder's own spend: never a buyer's payment, whatever its amount.
  [/\brefund(?:ed|s)?\b/i, "it is a refund, not a payment to the shop"],
  [
    /\b(?:credit|debit|prepaid|forex)[ -]card\b|[a-z]*card (?:ending|no\b|number|xx|x\d|\*)|\bon your (?:[a-z]+ ){0,3}card\b|\bcard account\b/i,
    "it is about a card, not money into the account",
  ],
  [
    /\b(?:e-?)?mandate\b|\bauto ?pay\b|\bnach\b|\bumrn\b|\bstanding instruction\b/i,
    "it is a mandate or auto-pay notice",
  ],
  // "credited to the beneficiary account" is money sent; "credited … via NEFT from beneficiary <name>" names the payer.
  [/(?<!\bfrom )\bbeneficiar(?:y|ies)\b/i, "it reports a transfer to someone else's account"],
  [
    /\bblocked\s+(?:in|on|for|towards|from|against|under)\b|\b(?:ipo|asba)\b|\blien\b/i,
    "it reports money blocked or held (an IPO or ASBA mandate, a lien), not received",
  ],
  [
    /\byour\s+(?:neft|rtgs|imps|fund transfer)\s+(?:transaction|transfer|txn|payment|request|remittance|of|for|to)\b/i,
    "it confirms a transfer sent from the account",
  ],
  // Payment apps' Hindi notifications ("₹13.69 … से प्राप्त हुआ"): not, refund, pending, return, request, failed, cancelled.
  [
    /नहीं|रिफंड|लंबित|वापसी|अनुरोध|विफल|असफल|रद्द/,
    "it says the payment was not made, is pending, refunded or only requested",
  ],
  [/\breceived (?:your|the) payment\b|\bhave received payment\b/i, "it acknowledges a payment you made"],
  [/\boffers?\b|\bapply now\b|\bvoucher\b|\bpre-approved\b|\bget (?:up to )?(?:rs|inr|₹|\d)/i, "it is an offer"],
];

/** A word that moves money, with its direction. At one place, the longer phrase wins ("sent to your" over "sent"). */
const MOVES: [RegExp, 1 | -1][] = [
  [/(?<![a-z])credited(?![a-z])/gi, 1],
  [/(?<![a-z])deposited(?![a-z])/gi, 1],
  [/\b(?:you(?:'ve| have)? )?received\b/gi, 1],
  [/\b(?:upi )?credit (?:alert|of|by|for|with)\b|\bupi credit\b|\bhas a credit\b/gi, 1],
  [/\b(?:sent|transferred|added) to your\b/gi, 1],
  // "Kshitiz, KSHITIZ has sent INR 140,400.00 to you" (Federal Bank): longer than "sent", so it wins at its place.
  [/\b(?:(?:has|have)\s+)?(?:sent|transferred|paid)\b(?:[^.;]|\.(?=\d)){0,40}?\bto you\b(?!r)/gi, 1],
  [/प्राप्त (?:हुआ|हुए|हुई|किया|किए)|जमा (?:हुआ|हुए|हुई|किया|किए)/g, 1],
  [/भेजा|भेजे|भुगतान किया|डेबिट/g, -1],
  [/\bpaid you\b/gi, 1],
  [/\/cr\/|\bupi-cr\b/gi, 1],
  [/(?<![a-z])debit(?:ed)?(?![a-z])/gi, -1],
  [/\bwithdrawn\b|\bwithdrawal\b|\bwdl\b/gi, -1],
  [/\bspent\b|\bpurchase\b/gi, -1],
  [/\bsent\b(?! by)/gi, -1],
  [/\bpaid\b(?! you)/gi, -1],
  [/\btransferred\b|\btrf to\b/gi, -1],
  [/\bdeducted\b|\bcharged\b/gi, -1],
  [/\/dr\//gi, -1],
];

/** Money that left the account, whatever came first: "X has received Rs 21 from your A/c". */
const FROM_YOUR_ACCOUNT = /\bfrom your (?:[a-z&]+ ){0,3}(?:a\/c|ac|acct|account|deposit)\b/i;

/**
 * The safety advice banks append to ordinary alerts ("Never Share OTP/PIN/CVV-Union Bank of India",
 * "Do not share your OTP with anyone", "Bank never asks for your PIN"): advice, not an OTP or a card
 * message. Left out before the words that make a text something other than a credit are looked for; an OTP
 * message still says "OTP is 094139" outside its advice.
 */
const SAFETY_ADVICE =
  /\b(?:never|do not|don'?t|pls don'?t|please do not|not to)\s+(?:ever\s+)?(?:share|disclose|reveal|tell|give)\b[^.!|]{0,60}|\b(?:bank|we)\s+(?:will\s+)?never\s+(?:asks?|calls?)\b[^.!|]{0,60}/gi;

export function withoutSafetyAdvice(text: string): string {
  return text.replace(SAFETY_ADVICE, " ");
}

export function direction(text: string, amount: AmountMention): Direction {
  const read = withoutSafetyAdvice(text);
  for (const [pattern, why] of NOT_A_CREDIT) {
    const hit = pattern.exec(read);
    if (hit) return { credit: false, why: `${why} ("${hit[0].trim()}")` };
  }
  const moves: { at: number; length: number; sign: 1 | -1; word: string }[] = [];
  for (const [pattern, sign] of MOVES) {
    for (const hit of text.matchAll(pattern)) moves.push({ at: hit.index, length: hit[0].length, sign, word: hit[0] });
  }
  // "Cr INR 5,000.00", "Rs.500.00 Cr. to", "Dr. INR 260.00": the abbreviation next to the amount itself.
  const before = /\b(cr|dr)\.?\s*$/i.exec(text.slice(Math.max(0, amount.start - 5), amount.start));
  const after = /^\s*(cr|dr)\b/i.exec(text.slice(amount.end, amount.end + 5));
  for (const [hit, at] of [
    [before, amount.start - 1],
    [after, amount.end],
  ] as const) {
    if (hit) moves.push({ at, length: 2, sign: hit[1]!.toLowerCase() === "cr" ? 1 : -1, word: hit[1]! });
  }
  moves.sort((a, b) => a.at - b.at || b.length - a.length);
  const first = moves[0];
  if (!first) return { credit: false, why: "no words say money was received (credited, received, deposited)" };
  if (first.sign < 0) return { credit: false, why: `it says "${first.word}": money out, not in` };
  const out = FROM_YOUR_ACCOUNT.exec(text);
  if (out) return { credit: false, why: `it says "${out[0]}": money out, not in` };
  const elsewhere = creditedElsewhere(text, first);
  if (elsewhere) return { credit: false, why: `it says "${elsewhere}": someone else's account was credited` };
  return { credit: true };
}

/**
 * Where the money went, when a text says so after "credited"/"deposited": an account or "your" is the
 * account's own ("credited to your A/c", "deposited to a/c *8175", "credited to HDFC Bank A/c XX9999",
 * "credited to Savings A/c"); an account "of <NAME>" ("credited to the HDFC A/c XXXXXXXXXX6956 of AKASH
 * KEDIA"), a person's account ("credited to RAHUL KUMAR A/c XX9876", "to RAHUL's A/c") or a name alone
 * ("Money Deposited INR 500 To RAHUL", "Money Deposited~INR 500~To RAHUL~A/c XX9876~") is someone
 * else's: a confirmation of money sent. "~" separates an alert's fields.
 */
function creditedElsewhere(text: string, move: { at: number; length: number; word: string }): string | null {
  if (!/credited|deposited/i.test(move.word)) return null;
  const clause = text.slice(move.at + move.length, move.at + move.length + 90).split(/[;|(]|\.(?!\d)/)[0]!;
  const to = /(?:^|[\s~:,-])(?:to|into|in)\s+([^\s].*)$/i.exec(clause);
  if (!to) return null;
  const target = to[1]!
    .split("~")[0]!
    .replace(/\s+(?:on|via|by|from|through|thru|at|towards|as|with|for|vide|ref|utr|upi|avl|bal)\b.*$/i, "")
    .replace(/[^a-z0-9*]+$/i, "")
    .trim();
  if (/^(?:your|ur|yr|own|self)\b/i.test(target) || /\b(?:wallet|card|balance)\b/i.test(target)) return null;
  if (/\b(?:a\/c|ac|acct|account)\b[^a-z]*?[\dx*]{3,}\s+of\s+(?:(?:mr|ms|mrs|m\/s)\.?\s+)?[a-z]/i.test(target)) {
    return `${move.word} to ${target}`;
  }
  const named = personsAccount(target);
  if (named) return `${move.word} to ${named}`;
  const account = /\b(?:a\/c|ac|acct|account|a\/c\.)/i.test(target) || /^[x*#.]*\d/i.test(target);
  if (!account && /^(?:the\s+)?[a-z][a-z.'& ]{1,40}$/i.test(target)) return `${move.word} … to ${target}`;
  return null;
}

/** Words before "A/c" that still make it the account holder's own: its kind, or whose it is. */
const OWN_ACCOUNT_WORDS =
  /\b(?:your|ur|yr|my|own|self|the|savings?|sb|current|ca|salary|nre|nro|od|overdraft|loan|deposit|fixed|recurring|term|linked|primary|joint|bank|payments?|upi|wallet|main|new)\b/i;

/** "deposited in cash to A/c XX234567": words saying how the money came, never a person's name. */
const HOW_IT_CAME = /\b(?:to|in|into|by|at|via|with|and|for|from|of|on|cash|cheque|chq|clearing|transfer)\b/i;

/**
 * "RAHUL KUMAR A/c XX9876", "RAHUL's A/c": an account the words before it give to a person, not a bank
 * ("HDFC Bank A/c", "Kotak A/c") nor a kind ("Savings A/c"). One bare word ("SB A/c") is never read as a name.
 */
function personsAccount(target: string): string | null {
  const at = /\b(?:a\/c|ac|acct|account)\b/i.exec(target);
  if (!at) return null;
  const owner = target.slice(0, at.index).trim();
  if (!/^[a-z][a-z.'& ]*$/i.test(owner) || namesABank(owner) || OWN_ACCOUNT_WORDS.test(owner)) return null;
  if (HOW_IT_CAME.test(owner)) return null;
  const possessive = /'s$/i.test(owner);
  return possessive || owner.split(/\s+/).length >= 2 ? target : null;
}
