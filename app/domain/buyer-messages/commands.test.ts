import { describe, expect, it } from "vitest";
import { readCommand, replyLocale } from "./commands";

const ID = "BK7Q2M9XD4TA";

describe("reading a buyer's WhatsApp message", () => {
  it("reads the commands in any case, with words around them, in English and Hindi", () => {
    expect(readCommand("STATUS")).toEqual({ kind: "status", orderId: null });
    expect(readCommand("status please")).toEqual({ kind: "status", orderId: null });
    expect(readCommand(`Status ${ID.toLowerCase()}`)).toEqual({ kind: "status", orderId: ID });
    expect(readCommand("स्थिति")).toEqual({ kind: "status", orderId: null });
    expect(readCommand(`रिफिल ${ID}`)).toEqual({ kind: "refill", orderId: ID });
    expect(readCommand("refill!")).toEqual({ kind: "refill", orderId: null });
    expect(readCommand("Cancel")).toEqual({ kind: "cancel", orderId: null });
    expect(readCommand("रद्द")).toEqual({ kind: "cancel", orderId: null });
    expect(readCommand("help")).toEqual({ kind: "help", orderId: null });
    expect(readCommand("मदद")).toEqual({ kind: "help", orderId: null });
    expect(readCommand("STOP")).toEqual({ kind: "stop", orderId: null });
    expect(readCommand("रोकें")).toEqual({ kind: "stop", orderId: null });
    expect(readCommand("start")).toEqual({ kind: "start", orderId: null });
    expect(readCommand("शुरू")).toEqual({ kind: "start", orderId: null });
  });

  it("takes the UPI id after REFUND, and says when there is none", () => {
    expect(readCommand("REFUND ravi.kumar@okaxis")).toEqual({
      kind: "refund",
      orderId: null,
      upiId: "ravi.kumar@okaxis",
    });
    expect(readCommand(`refund ${ID} 9876543210@ybl`)).toEqual({
      kind: "refund",
      orderId: ID,
      upiId: "9876543210@ybl",
    });
    expect(readCommand("रिफंड name@paytm")).toEqual({ kind: "refund", orderId: null, upiId: "name@paytm" });
    expect(readCommand("refund to my account")).toEqual({ kind: "refund", orderId: null, upiId: null });
  });

  it("takes a 12-digit number as a UPI reference (UTR), as payment apps show it", () => {
    expect(readCommand("4123 5678 9012")).toEqual({ kind: "utr", orderId: null, utr: "412356789012" });
    expect(readCommand(`paid, utr 412356789012 for ${ID}`)).toEqual({ kind: "utr", orderId: ID, utr: "412356789012" });
    expect(readCommand("41235678901").kind).toBe("unknown");
  });

  it("links an order named alone (the Get updates on WhatsApp link's text)", () => {
    expect(readCommand(`Hi! Please send me updates about my order ${ID}.`)).toEqual({ kind: "link", orderId: ID });
    expect(readCommand(`नमस्ते! कृपया मुझे मेरे ऑर्डर ${ID} के अपडेट भेजें।`)).toEqual({ kind: "link", orderId: ID });
  });

  it("does not take what is not a command", () => {
    expect(readCommand("hello")).toEqual({ kind: "unknown", orderId: null });
    expect(readCommand("")).toEqual({ kind: "unknown", orderId: null });
    expect(readCommand("restart")).toEqual({ kind: "unknown", orderId: null });
  });

  it("answers in Hindi a buyer who wrote in Devanagari, else in the order's language", () => {
    expect(replyLocale("स्थिति")).toBe("hi");
    expect(replyLocale("STATUS", "hi")).toBe("hi");
    expect(replyLocale("STATUS")).toBe("en");
  });
});
