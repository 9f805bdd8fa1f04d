import { describe, expect, it } from "vitest";
import {
  cardSchema,
  decodeSettings,
  defaultsOf,
  defineSettings,
  flag,
  maskSecret,
  structured,
  text,
  whole,
} from "./define";
import { SETTINGS, defaultSiteSettings, paymentSettings, settingNameForKey, storeSettings } from "./registry";

const group = defineSettings({
  name: text("NAME", "Name", { default: "Shop" }),
  token: text("TOKEN", "Token", { secret: true }),
  on: flag("ON", "Switched on", { default: true }),
  hours: whole("HOURS", "Hours", { default: 1, min: 0, max: 24, named: "Backup interval" }),
  list: structured<string[]>("LIST", "List", {
    read: (stored) => stored.split(","),
    write: (value) => value.join(","),
    fallback: () => [],
  }),
});

describe("settings declared once", () => {
  it("reads stored text as typed values, and a stored value that is not one as the default", () => {
    const stored = new Map([
      ["NAME", "Mine"],
      ["ON", "false"],
      ["HOURS", "99"],
      ["LIST", "a,b"],
    ]);
    expect(decodeSettings(group, stored)).toEqual({ name: "Mine", token: "", on: false, hours: 1, list: ["a", "b"] });
    expect(defaultsOf(group)).toEqual({ name: "Shop", token: "", on: true, hours: 1, list: [] });
    expect(group.settings.on.encode(false)).toBe("false");
    expect(group.settings.hours.encode(12)).toBe("12");
  });

  it("reads a card's fields as typed, with the card's messages", () => {
    const schema = cardSchema(defineSettings({ on: group.settings.on, hours: group.settings.hours }));
    // The hidden "false" comes before the ticked box's "true": the last one is the box.
    expect(schema.parse({ on: ["false", "true"], hours: " 6 " })).toEqual({ on: true, hours: 6 });
    // Left out (an older client): left as it is.
    expect(schema.parse({ hours: "0" })).toEqual({ on: undefined, hours: 0 });
    expect(schema.safeParse({ hours: "six" }).error?.issues[0]?.message).toBe("Backup interval must be a whole number");
    expect(schema.safeParse({ hours: "25" }).error?.issues[0]?.message).toBe(
      "Backup interval must be between 0 and 24",
    );
    expect(schema.safeParse({ on: "maybe", hours: "1" }).error?.issues[0]?.message).toBe(
      "Switched on must be on or off",
    );
  });

  it("lets a secret's field be left empty (it keeps the saved one) and masks it when shown", () => {
    expect(group.settings.token.type.parse("  ")).toBe("");
    expect(maskSecret("live-key-0123456789abcdef")).toBe("••••cdef");
    expect(maskSecret("short")).toBe("••••");
  });

  it("keeps the settings API's key names and each card's messages", () => {
    expect(settingNameForKey("VITE_UPI_ID")).toBe("upiId");
    expect(settingNameForKey("VITE_SMM_PANEL_API_KEY")).toBe("panelApiKey");
    expect(SETTINGS.panelApiKey.secret).toBe(true);
    expect(defaultSiteSettings()).toMatchObject({ autoSendPaidOrders: true, deliveryStartMinutes: 30, panelUrl: "" });
    expect(cardSchema(paymentSettings).safeParse({ upiId: "shop", merchantName: "S" }).error?.issues[0]?.message).toBe(
      "UPI ID must look like name@bank",
    );
    const store = cardSchema(storeSettings).shape;
    expect(store.deliveryStartMinutes.safeParse("0").error?.issues[0]?.message).toBe(
      "Delivery start time must be between 1 and 1440",
    );
  });
});
