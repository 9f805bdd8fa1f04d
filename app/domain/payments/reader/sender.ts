import { BANKS, type BankEntry } from "./bank-registry";

/**
 * Which bank an SMS came from, by its sender id as the phone saw it. Indian
 * networks deliver a bank's SMS from its DLT header with an operator prefix
 * and, since 2025, a route suffix: `VM-HDFCBK`, `AD-HDFCBK-S`. Some phones and
 * forwarders show the header alone (`HDFCBK`). The header must be exactly one
 * in the registry: `VM-HDFCBX`, `HDFCBK1`, `HDFC-BK` are not HDFC Bank, and a
 * phone number is nobody's bank. A promotional (`-P`) or government (`-G`)
 * route never carries an alert.
 */

export type SenderCheck =
  | { ok: true; bank: BankEntry; header: string }
  | {
      ok: false;
      reason: "no_sender" | "unknown_sender" | "lookalike_sender" | "promotional_sender";
      detail: string;
    };

const DLT = /^(?:([A-Z]{2})-)?([A-Z0-9]{3,9})(?:-([A-Z]))?$/;

const byHeader = new Map<string, BankEntry>(BANKS.flatMap((bank) => bank.smsHeaders.map((h) => [h, bank] as const)));

/** A header the operator added for a bank already in the registry (Settings; app/domain/payments/sender-headers.server.ts). */
export interface AddedHeader {
  header: string;
  bankId: string;
}

/** The DLT header inside a sender id as the phone shows it ("VM-HDFCBK-S" → HDFCBK), or null when it is no header. */
export function dltHeader(rawSender: string | null | undefined): string | null {
  const raw = (rawSender ?? "").trim().toUpperCase();
  if (/^\+?[\d\s-]{5,20}$/.test(raw)) return null;
  return DLT.exec(raw)?.[2] ?? null;
}

export function smsSenderBank(rawSender: string | null | undefined, added: readonly AddedHeader[] = []): SenderCheck {
  const raw = (rawSender ?? "").trim();
  if (raw === "") return { ok: false, reason: "no_sender", detail: "no sender id was given" };
  const shown = JSON.stringify(raw.slice(0, 40));
  if (/^\+?[\d\s-]{5,20}$/.test(raw)) {
    return { ok: false, reason: "unknown_sender", detail: `${shown} is a phone number, not a bank's sender id` };
  }
  const match = DLT.exec(raw.toUpperCase());
  if (!match) return { ok: false, reason: "unknown_sender", detail: `${shown} is not a bank's sender id` };
  const header = match[2]!;
  const route = match[3];
  const extra = added.find((a) => a.header === header);
  const bank = byHeader.get(header) ?? (extra ? BANKS.find((b) => b.id === extra.bankId) : undefined);
  if (bank && (route === "P" || (route === "G" && !bank.governmentRoute))) {
    return {
      ok: false,
      reason: "promotional_sender",
      detail: `${shown} is ${bank.name}'s ${route === "P" ? "promotional" : "government"} route, which carries no alerts`,
    };
  }
  if (bank && route && route !== "S" && route !== "T" && route !== "G") {
    return { ok: false, reason: "unknown_sender", detail: `${shown} ends in a route Indian networks do not use` };
  }
  if (bank) return { ok: true, bank, header };
  const like = lookAlike(header);
  if (like) {
    return {
      ok: false,
      reason: "lookalike_sender",
      detail: `${shown} looks like ${like.bank.name}'s ${like.header} but is not it`,
    };
  }
  return { ok: false, reason: "unknown_sender", detail: `${shown} is not the sender id of a bank the shop knows` };
}

/** A registry header one edit away (HDFCBX, HDFCBKK, SB1BNK) or with letters added around it (HDFCBKALRT). */
export function lookAlike(header: string): { bank: BankEntry; header: string } | null {
  for (const [known, bank] of byHeader) {
    if (header.includes(known) || (known.length >= 5 && known.includes(header))) return { bank, header: known };
    if (withinOneEdit(header, known)) return { bank, header: known };
  }
  return null;
}

function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i++;
      j++;
      continue;
    }
    if (++edits > 1) return false;
    if (a.length > b.length) i++;
    else if (b.length > a.length) j++;
    else {
      i++;
      j++;
    }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}
