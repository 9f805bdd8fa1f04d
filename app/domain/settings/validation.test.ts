import { describe, expect, it } from "vitest";
import { cardSchema } from "./define";
import { panelNames, paymentSettings, storeSettings } from "./registry";

const paymentSettingsSchema = cardSchema(paymentSettings);
const storeSettingsSchema = cardSchema(storeSettings);
const smmSettingsSchema = cardSchema(panelNames);

describe("settings validation", () => {
  it("checks the UPI id shape", () => {
    expect(paymentSettingsSchema.safeParse({ upiId: "shop.name@okaxis", merchantName: "Shop" }).success).toBe(true);
    for (const upiId of ["shop", "shop@", "@okaxis", "sh op@okaxis", "shop@ok axis"]) {
      const r = paymentSettingsSchema.safeParse({ upiId, merchantName: "Shop" });
      expect(r.success, upiId).toBe(false);
    }
  });

  it("reads the panel's names with the panel's own rules, and lets an empty API key through (it keeps the saved one)", () => {
    const base = {
      panelApiKey: "",
      panelUrl: "https://panel.example/",
      panelServiceFollowers: "1",
      panelServiceLikes: "2",
      panelServiceViews: "3",
      panelServiceComments: "4",
    };
    expect(smmSettingsSchema.parse(base).panelApiKey).toBe("");
    expect(smmSettingsSchema.safeParse({ ...base, panelUrl: "ftp://x" }).success).toBe(false);
    expect(smmSettingsSchema.safeParse({ ...base, panelServiceLikes: "abc" }).success).toBe(false);
  });

  it("validates store details", () => {
    const r = storeSettingsSchema.safeParse({
      brandName: "Shop",
      publicBaseUrl: "https://shop.in",
      supportEmail: "not-an-email",
      supportPhone: "+91 98765 43210",
      whatsappNumber: "919876543210",
      location: "Delhi",
      grievanceOfficerName: "A",
      grievanceOfficerDesignation: "B",
      grievanceOfficerContact: "c@shop.in",
      deliveryStartMinutes: "30",
      retentionDays: "180",
    });
    expect(r.error?.issues.map((i) => i.message)).toEqual(["Support e-mail must be an e-mail address"]);
  });
});
