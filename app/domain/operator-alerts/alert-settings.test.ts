import { describe, expect, it } from "vitest";
import { channelsFor, parseAlertSettings } from "./alert-settings";
import { ALERT_EVENTS } from "./events";

const secrets = { smtpPassword: "", telegramToken: "123:token", telegramWebhookSecret: "" };

describe("which channels get an alert", () => {
  it("only channels switched on and complete, and only for chosen events", () => {
    const settings = parseAlertSettings(
      JSON.stringify({
        events: ["payment_claimed"],
        email: { enabled: true, host: "smtp.example.in", from: "a@shop.in", to: "" },
        telegram: { enabled: true, chatId: "42" },
        push: { enabled: false },
      }),
    );
    expect(channelsFor("payment_claimed", settings, secrets)).toEqual(["telegram"]);
    expect(channelsFor("refund_due", settings, secrets)).toEqual([]);
    expect(channelsFor("payment_claimed", settings, { ...secrets, telegramToken: "" })).toEqual([]);
  });

  it("reads a missing or damaged stored value as the defaults: every event, no channel", () => {
    for (const raw of [null, "", "{not json", JSON.stringify({ dailySummaryTime: "25:99" })]) {
      const settings = parseAlertSettings(raw);
      expect(settings.events).toEqual([...ALERT_EVENTS]);
      expect(settings.dailySummaryTime).toBe("21:00");
      expect(channelsFor("payment_claimed", settings, secrets)).toEqual([]);
    }
  });
});
