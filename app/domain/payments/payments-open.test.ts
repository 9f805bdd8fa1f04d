import { describe, expect, it } from "vitest";
import { PLACEHOLDER_UPI_ID } from "~/domain/settings/registry";
import { paymentsRefusal } from "./payments-open";

const site = {
  upiId: PLACEHOLDER_UPI_ID,
  publicBaseUrl: "https://shop.example",
  supportEmail: "help@shop.example",
  supportPhone: "+91 98765 43210",
};
const live = { NODE_ENV: "production", PANEL_SIMULATOR: false, TRUST_PROXY: 0, HOST: "127.0.0.1" } as const;
const CLOSED = {
  message: "This shop is not taking payments yet — contact us at help@shop.example or +91 98765 43210.",
  details: { reason: "PAYMENTS_CLOSED", email: "help@shop.example", phone: "+91 98765 43210" },
};

describe("the placeholder UPI ID at checkout", () => {
  it("is refused in production at a public address or behind a proxy, naming the shop's contacts", () => {
    expect(paymentsRefusal(site, live)).toEqual(CLOSED);
    expect(paymentsRefusal({ ...site, upiId: ` ${PLACEHOLDER_UPI_ID.toUpperCase()}` }, live)).toEqual(CLOSED);
    expect(paymentsRefusal({ ...site, publicBaseUrl: "http://localhost:3000" }, { ...live, TRUST_PROXY: 1 })).toEqual(
      CLOSED,
    );
    for (const HOST of ["0.0.0.0", "::", "192.168.1.20", "shop.example"]) {
      expect(paymentsRefusal({ ...site, publicBaseUrl: "http://localhost:3000" }, { ...live, HOST })).toEqual(CLOSED);
    }
    expect(paymentsRefusal({ ...site, supportPhone: " " }, live)?.message).toBe(
      "This shop is not taking payments yet — contact us at help@shop.example.",
    );
    // Without any contact the buyer is told to come back; a page in Hindi says the same from the reason.
    expect(paymentsRefusal({ ...site, supportPhone: "", supportEmail: "" }, live)).toEqual({
      message: "This shop is not taking payments yet — please come back later.",
      details: { reason: "PAYMENTS_CLOSED", email: null, phone: null },
    });
  });

  it("is taken in the demo (panel simulator), outside production, and on this machine without a proxy", () => {
    expect(paymentsRefusal(site, { ...live, PANEL_SIMULATOR: true })).toBeNull();
    expect(paymentsRefusal(site, { ...live, NODE_ENV: "development" })).toBeNull();
    expect(paymentsRefusal({ ...site, publicBaseUrl: "http://localhost:3000" }, live)).toBeNull();
    expect(paymentsRefusal({ ...site, publicBaseUrl: "http://127.0.0.1:3000" }, live)).toBeNull();
    for (const HOST of ["localhost", "::1", "[::1]", "127.0.0.2"]) {
      expect(paymentsRefusal({ ...site, publicBaseUrl: "http://localhost:3000" }, { ...live, HOST })).toBeNull();
    }
  });

  it("never refuses a real UPI ID", () => {
    expect(paymentsRefusal({ ...site, upiId: "shop@okaxis" }, { ...live, TRUST_PROXY: 2 })).toBeNull();
  });
});
