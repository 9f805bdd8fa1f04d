import type { AmountMention } from "./alert-fields";

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
    /\bfail(?:ed|ure|s)?\b|\bdeclined\b|\bunsuccessful\b|\bcould not\b|\bnot (?:been )?(?:processed|completed|successful)\b|\brejected\b|\brevoked\b|\bpending\b|\bon hold\b|\binitiated\b/i,
    "it reports a failed, pending or only initiated transaction",
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
  [/\bbeneficiary\b/i, "it reports a transfer to someone else's account"],
  [/\breceived (?:your|the) payment\b|\bhave received payment\b/i, "it acknowledges a payment you made"],
  [/\boffers?\b|\bapply now\b|\bvoucher\b|\bpre-approved\b|\bget (?:up to )?(?:rs|inr|₹|\d)/i, "it is an offer"],
];

/** A word that moves money, with its direction. At one place, the longer phrase wins ("sent to your" over "sent"). */
const MOVES: [RegExp, 1 | -1][] = [
  [/(?<![a-z])credited(?![a-z])/gi, 1],
  [/(?<![a-z])deposited(?![a-z])/gi, 1],
  [/\b(?:you(?:'ve| have)? )?received\b/gi, 1],
  [/\b(?:upi )?credit (?:alert|of|by|for)\b|\bupi credit\b|\bhas a credit\b/gi, 1],
  [/\b(?:sent|transferred|added) to your\b/gi, 1],
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

export function direction(text: string, amount: AmountMention): Direction {
  for (const [pattern, why] of NOT_A_CREDIT) {
    const hit = pattern.exec(text);
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
  return { credit: true };
}
