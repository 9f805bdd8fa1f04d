import { describe, expect, it } from "vitest";
import { en } from "~/locales/en";
import { hi } from "~/locales/hi";
import { TRACK_MESSAGES } from "~/domain/orders/order-messages";
import { createI18n } from "~/locales/instance";
import { buyerMessage } from "./catalogue";
import { registerResources } from "~/locales/resources";

registerResources("en", en);
registerResources("hi", hi);
const say = (locale: "en" | "hi") => {
  const { t } = createI18n(locale);
  return (error: Parameters<typeof buyerMessage>[2]) => buyerMessage(t, locale, error);
};

const closed = (email: string | null, phone: string | null) => ({
  message: "This shop is not taking payments yet — …",
  code: "UNAVAILABLE",
  details: { reason: "PAYMENTS_CLOSED", email, phone },
});

describe("a buyer's message in the page's language", () => {
  it("says that payments are closed with the shop's own contacts, in either language", () => {
    expect(say("hi")(closed("help@shop.example", "+91 98765 43210"))).toBe(
      "यह दुकान अभी पेमेंट नहीं ले रही है — कृपया help@shop.example या +91 98765 43210 पर हमसे संपर्क करें।",
    );
    expect(say("en")(closed("help@shop.example", null))).toBe(
      "This shop is not taking payments yet — contact us at help@shop.example.",
    );
    expect(say("hi")(closed(null, null))).toBe("यह दुकान अभी पेमेंट नहीं ले रही है — कृपया थोड़े समय बाद फिर आएँ।");
  });

  it("translates a known message, and keeps the server's words on an English page", () => {
    expect(say("hi")(TRACK_MESSAGES.noMatch)).toBe(hi.errors.track.noMatch);
    expect(say("en")(TRACK_MESSAGES.noMatch)).toBe(TRACK_MESSAGES.noMatch);
    const unknown = { message: "Too many requests, retry in 42 seconds", code: "RATE_LIMITED" };
    expect(say("en")(unknown)).toBe(unknown.message);
  });

  it("never shows an English sentence it does not know on a Hindi page: its code's meaning, or a general apology", () => {
    expect(say("hi")({ message: "Too many requests, retry in 42 seconds", code: "RATE_LIMITED" })).toBe(
      hi.errors.byCode.RATE_LIMITED,
    );
    expect(say("hi")({ message: "This order changed meanwhile. Reload it and try again.", code: "CONFLICT" })).toBe(
      hi.errors.byCode.CONFLICT,
    );
    expect(say("hi")({ message: "Something odd", code: "HTTP_502" })).toBe(hi.errors.api.generic);
    expect(say("hi")("Something odd")).toBe(hi.errors.api.generic);
  });
});
