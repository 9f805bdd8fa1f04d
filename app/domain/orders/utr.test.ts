import { describe, expect, it } from "vitest";
import { PAYMENT_MESSAGES } from "./order-messages";
import { parseUtr } from "./utr";
import { readUtr, stripUtr } from "./utr";

describe("a UTR as buyers paste it", () => {
  it.each(["123456789012", "1234 5678 9012", "1234-5678-9012", " 1234\u00a05678\u00a09012 ", "1234\u200b56789012"])(
    "%j keeps its 12 digits",
    (pasted) => {
      expect(readUtr(pasted)).toEqual({ ok: true, utr: "123456789012" });
      expect(parseUtr(pasted)).toBe("123456789012");
    },
  );

  it("strips first, then checks: a pasted spaced UTR is not cut to 10 digits", () => {
    expect(stripUtr("1234 5678 9012")).toBe("123456789012");
  });

  it.each([
    ["", PAYMENT_MESSAGES.utrInvalid],
    ["1234 5678 90", PAYMENT_MESSAGES.utrTooShort],
    ["1234 5678 9012 3", PAYMENT_MESSAGES.utrTooLong],
    ["T2401011234567890", PAYMENT_MESSAGES.utrNotDigits],
    ["1234 5678 901O", PAYMENT_MESSAGES.utrNotDigits],
  ])("%j is refused: %s", (pasted, message) => {
    expect(readUtr(pasted)).toEqual({ ok: false, message });
    expect(parseUtr(pasted)).toBeNull();
  });
});
