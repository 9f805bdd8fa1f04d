import { describe, expect, it } from "vitest";
import { buyerMessageSettings } from "~/domain/buyer-messages/settings";
import { razorpaySettings } from "~/domain/payments/gateways/gateway-settings.server";
import { smsAlertSettings } from "~/domain/payments/payment-settings.server";
import { SETTINGS } from "./registry";
import { cachesChangedBy } from "./store.server";

/** What saving settings changes for the page cache and the settings copy, by their declarations (ADR 0021). */
describe("the caches a saved setting changes", () => {
  it("drops the pages showing a shown setting, and every instance's settings copy", () => {
    expect(cachesChangedBy([SETTINGS.brandName])).toEqual({ topics: ["settings"], settingsCopy: true });
    expect(cachesChangedBy([SETTINGS.retentionDays, SETTINGS.cancellationFeePercent])).toEqual({
      topics: ["settings"],
      settingsCopy: true,
    });
  });

  it("moves only the settings copy for a setting of the copy no page shows", () => {
    for (const setting of [SETTINGS.backupIntervalHours, SETTINGS.autoSendPaidOrders, SETTINGS.upiId]) {
      expect(cachesChangedBy([setting]), setting.key).toEqual({ topics: [], settingsCopy: true });
    }
  });

  it("changes nothing for a secret no page shows, or the note of the last SMS forwarded", () => {
    const { keySecret, webhookSecret } = razorpaySettings.settings;
    const { smsSecret, lastForwarded } = smsAlertSettings.settings;
    for (const setting of [
      keySecret,
      webhookSecret,
      smsSecret,
      lastForwarded,
      buyerMessageSettings.settings.verifyToken,
    ]) {
      expect(cachesChangedBy([setting]), setting.key).toEqual({ topics: [], settingsCopy: false });
    }
  });

  it("drops the service pages for the WhatsApp values that decide whether they offer WhatsApp updates", () => {
    const { accessToken, appSecret, phoneNumberId, businessNumber } = buyerMessageSettings.settings;
    for (const setting of [accessToken, appSecret, phoneNumberId, businessNumber]) {
      expect(cachesChangedBy([setting]), setting.key).toEqual({ topics: ["settings"], settingsCopy: false });
    }
  });

  it("declares no site secret shown on a page", () => {
    const shownSecrets = Object.values(SETTINGS).filter((setting) => setting.secret && setting.publicTopic);
    expect(shownSecrets.map((setting) => setting.key)).toEqual([]);
  });
});
