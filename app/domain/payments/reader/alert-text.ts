/**
 * An alert's text made ready to read, or refused: longer than any alert,
 * or holding characters no bank alert has that would make the words a
 * person sees differ from the words the reader sees (a zero-width space
 * inside "deb\u200bited", a Cyrillic "е" in "dеbited", a Devanagari digit
 * among ASCII ones). Compatibility forms are folded first (NFKC): a card
 * issuer's "𝗌𝗉𝖾𝗇𝗍" in mathematical sans-serif reads as "spent", a full-width
 * "３４８" as "348", and a payment app's bold "𝟒𝟎" or keycap "2️⃣5️⃣" as 40
 * and 25, exactly as a person reads them.
 */

/** Longer than any bank alert (a 10-part SMS is 1,530 characters); also bounds the work any pattern does. */
export const MAX_ALERT_CHARS = 2_000;

export type TextCheck =
  | { ok: true; text: string }
  | { ok: false; reason: "too_long" | "hidden_characters" | "lookalike_characters"; detail: string };

/** Format characters (zero-width, direction marks, BOM, soft hyphen) and control characters other than line breaks and tabs. */
const HIDDEN = /(?![\t\n\r])[\p{Cf}\p{Co}\p{Cs}\p{Cc}]/u;
/** A digit of another script (०-९, ٠-٩…): the reader would skip it and read another amount. */
const OTHER_DIGIT = /(?![0-9])\p{Nd}/u;
const INDIC =
  "\\p{scx=Devanagari}\\p{scx=Bengali}\\p{scx=Gurmukhi}\\p{scx=Gujarati}\\p{scx=Oriya}\\p{scx=Tamil}\\p{scx=Telugu}\\p{scx=Kannada}\\p{scx=Malayalam}";
/** A letter or mark outside ASCII and the Indian scripts: Cyrillic and Greek look-alikes, accents, strike-throughs. */
const OTHER_LETTER = new RegExp(`(?![A-Za-z${INDIC}])[\\p{L}\\p{M}]`, "u");

/** A keycap digit ("2️⃣": the digit, an optional emoji selector, the enclosing keycap), as payment apps style amounts. */
const KEYCAP = /(\d)\uFE0F?\u20E3/g;

export function cleanAlertText(raw: string): TextCheck {
  if (raw.length > MAX_ALERT_CHARS) return tooLong();
  // PhonePe Business writes some amounts in keycap digits ("Rs.2️⃣5️⃣"): a person reads them as 25.
  const text = raw.normalize("NFKC").replace(KEYCAP, "$1");
  if (text.length > MAX_ALERT_CHARS) return tooLong();
  const hidden = HIDDEN.exec(text);
  if (hidden) {
    return {
      ok: false,
      reason: "hidden_characters",
      detail: `the text holds an invisible character (U+${codePoint(hidden[0])}) no bank alert has`,
    };
  }
  const other = OTHER_DIGIT.exec(text) ?? OTHER_LETTER.exec(text);
  if (other) {
    return {
      ok: false,
      reason: "lookalike_characters",
      detail: `the text holds "${other[0]}" (U+${codePoint(other[0])}), a look-alike of a letter or digit a bank writes`,
    };
  }
  return { ok: true, text: collapseSpaces(text) };
}

export function collapseSpaces(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function tooLong(): TextCheck {
  return {
    ok: false,
    reason: "too_long",
    detail: `longer than any bank alert (${MAX_ALERT_CHARS.toLocaleString("en-IN")} characters): not read`,
  };
}

function codePoint(char: string): string {
  return char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0");
}
