import { describe, expect, it } from "vitest";
import { BUYER_MESSAGES, formatIndianMobile, parseIndianMobile, phoneField, validateBuyer } from "./buyer-contact";

describe("order dialog rules", () => {
  it("keeps what people write numbers with, and nothing else", () => {
    expect(phoneField("98a76-54 32109")).toBe("9876-54 32109");
    expect(phoneField("abc")).toBe("");
    expect(phoneField("+91 98765 43210")).toBe("+91 98765 43210");
    expect(phoneField("(+91) 98765-43210 ext")).toBe("(+91) 98765-43210 ");
    expect(phoneField("9".repeat(40))).toHaveLength(20);
  });

  /** The field as a browser fills it: each key's new text goes through phoneField before the next key. */
  const typedKeyByKey = (text: string) => [...text].reduce((field, key) => phoneField(field + key), "");

  it.each(["+91 98765 43210", "919876543210", "09876543210", "98765 43210", "+91-98765-43210"])(
    "%j typed key by key is +91 98765 43210",
    (typed) => {
      const field = typedKeyByKey(typed);
      expect(field).toBe(typed);
      expect(parseIndianMobile(field)).toBe("+919876543210");
      expect(validateBuyer("Priya", field)).toEqual({ ok: true, name: "Priya", phone: "+919876543210" });
    },
  );

  it("shows the number back as it will be used", () => {
    expect(formatIndianMobile("+919876543210")).toBe("+91 98765 43210");
  });

  it("requires a name", () => {
    expect(validateBuyer("  ", "9876543210")).toEqual({ ok: false, field: "name", message: "Please enter your name" });
  });

  it("requires a phone number", () => {
    expect(validateBuyer("Priya", "")).toEqual({
      ok: false,
      field: "phone",
      message: "Please enter your phone number",
    });
  });

  it.each(["98765", "98765432101", "98765abcde", "+91 98765"])("rejects %j", (phone) => {
    expect(validateBuyer("Priya", phone)).toEqual({
      ok: false,
      field: "phone",
      message: "Please enter a valid 10-digit phone number",
    });
  });

  // Ten digits that cannot be a mobile number said only "not a valid 10-digit number" (issue 45): say what is wrong.
  it.each(["5876543210", "0123456789", "+91 12345 67890", "44 2345 6789"])(
    "says why %j is not a mobile number",
    (phone) => {
      expect(validateBuyer("Priya", phone)).toEqual({
        ok: false,
        field: "phone",
        message: BUYER_MESSAGES.phoneNotMobile,
      });
      expect(BUYER_MESSAGES.phoneNotMobile).toContain("start with 6, 7, 8 or 9");
    },
  );

  it("accepts 10 digits with or without +91 and returns it prefixed", () => {
    expect(validateBuyer(" Priya  Sharma ", "9876543210")).toEqual({
      ok: true,
      name: "Priya Sharma",
      phone: "+919876543210",
    });
    expect(validateBuyer("Priya", "+91 98765 43210")).toEqual({ ok: true, name: "Priya", phone: "+919876543210" });
  });
});

describe("phone numbers as people type them", () => {
  it.each([
    "9876543210",
    "98765 43210",
    "+91 98765 43210",
    "+91-98765-43210",
    "(+91) 98765 43210",
    "919876543210",
    "09876543210",
    "0091 98765 43210",
    " 98765-43210 ",
  ])("reads %j as +919876543210", (typed) => {
    expect(parseIndianMobile(typed)).toBe("+919876543210");
  });

  it.each([
    "987654321",
    "98765432100",
    "+92 98765 43210",
    "0 98765 4321",
    "phone",
    "",
    // Indian mobile numbers start with 6 to 9.
    "5876543210",
    "+91 12345 67890",
    "98765\u00a043210x",
  ])("refuses %j", (typed) => {
    expect(parseIndianMobile(typed)).toBeNull();
  });
});
