import { describe, expect, it } from "vitest";
import { PLACEHOLDER_GRIEVANCE_OFFICER, PLACEHOLDER_UPI_ID, defaultSiteSettings } from "./registry";
import { type UnsafeDefaultsInput, isUnsafePublicBaseUrl, listUnsafeDefaults } from "./unsafe-defaults";

const SIMULATOR = "http://127.0.0.1:3001";
const KEY = "DEMO-KEY";

/** A fresh demo shop: every default still in place. */
const fresh: UnsafeDefaultsInput = {
  upiId: PLACEHOLDER_UPI_ID,
  panelUrl: `${SIMULATOR}/api/v2`,
  panelApiKey: KEY,
  publicBaseUrl: "http://localhost:3000",
  demoPanelUrl: SIMULATOR,
  demoPanelKey: KEY,
  adminPasswordFromEnv: true,
};
const ids = (input: UnsafeDefaultsInput) => listUnsafeDefaults(input).map((d) => d.id);

describe("unsafe defaults", () => {
  it("names bank e-mail alerts read without an alert address, which then confirm nothing", () => {
    const list = listUnsafeDefaults({ ...fresh, emailAlertsWithoutAddress: true });
    const item = list.find((d) => d.id === "email-alert-address");
    expect(item).toMatchObject({ href: "/admin/settings#bank-email-alerts", linkLabel: "Set the alert address" });
    expect(item!.message).toMatch(/no alert address is set/);
    expect(ids({ ...fresh, emailAlertsWithoutAddress: false })).not.toContain("email-alert-address");
  });

  it("names a proxy that sends no client address, with a link to Health (security round 4, finding 2)", () => {
    const item = listUnsafeDefaults({ ...fresh, proxyWithoutClientAddress: true }).find(
      (d) => d.id === "proxy-client-address",
    );
    expect(item).toMatchObject({ href: "/admin/health", linkLabel: "See Health" });
    expect(item!.message).toMatch(/without X-Forwarded-For/);
    expect(ids(fresh)).not.toContain("proxy-client-address");
  });

  it("names payment alerts set up while no receiving account has its digits, and no account taking checkouts", () => {
    const item = listUnsafeDefaults({ ...fresh, alertsWithoutAccountDigits: true }).find(
      (d) => d.id === "account-digits",
    );
    expect(item).toMatchObject({ href: "/admin/payments#accounts-title" });
    expect(item!.message).toMatch(/no receiving account has its last digits/);
    expect(ids({ ...fresh, alertsWithoutAccountDigits: false })).not.toContain("account-digits");
    const none = listUnsafeDefaults({ ...fresh, upiId: "" }).find((d) => d.id === "upi-placeholder");
    expect(none!.message).toMatch(/No receiving account takes checkouts/);
  });

  it("names every default of a fresh shop, each with a link to the page that fixes it", () => {
    const list = listUnsafeDefaults(fresh);
    expect(list.map((d) => [d.id, d.href])).toEqual([
      ["upi-placeholder", "/admin/payments#accounts-title"],
      ["panel-simulator", "/admin/panels"],
      ["public-base-url", "/admin/settings#store-settings"],
      ["admin-password-env", "/admin/account"],
    ]);
    expect(list[0]!.message).toContain(PLACEHOLDER_UPI_ID);
    expect(list[2]!.message).toContain("http://localhost:3000");
  });

  it("drops each item as its setting is fixed", () => {
    expect(ids({ ...fresh, upiId: "shop@okaxis" })).not.toContain("upi-placeholder");
    expect(ids({ ...fresh, upiId: ` ${PLACEHOLDER_UPI_ID.toUpperCase()} ` })).toContain("upi-placeholder");
    expect(ids({ ...fresh, panelUrl: "https://panel.example", panelApiKey: "live-key" })).not.toContain(
      "panel-simulator",
    );
    expect(ids({ ...fresh, publicBaseUrl: "https://shop.example" })).not.toContain("public-base-url");
    expect(ids({ ...fresh, adminPasswordFromEnv: false })).not.toContain("admin-password-env");
    expect(
      ids({
        ...fresh,
        upiId: "shop@okaxis",
        panelUrl: "https://panel.example",
        panelApiKey: "live-key",
        publicBaseUrl: "https://shop.example",
        adminPasswordFromEnv: false,
      }),
    ).toEqual([]);
  });

  it("reports the seeded grievance officer, and the fictional name earlier versions seeded, until a real one is named", () => {
    const found = listUnsafeDefaults({ ...fresh, grievanceOfficerName: defaultSiteSettings().grievanceOfficerName });
    expect(found.map((d) => d.id)).toContain("grievance-officer-placeholder");
    const item = found.find((d) => d.id === "grievance-officer-placeholder")!;
    expect(item.href).toBe("/admin/settings#store-settings");
    expect(item.message).toContain(PLACEHOLDER_GRIEVANCE_OFFICER);
    expect(ids({ ...fresh, grievanceOfficerName: " priya sharma " })).toContain("grievance-officer-placeholder");
    expect(ids({ ...fresh, grievanceOfficerName: "Anita Rao" })).not.toContain("grievance-officer-placeholder");
  });

  it("counts the panel as the simulator when either its address or its key is the simulator's", () => {
    expect(ids({ ...fresh, panelApiKey: "live-key" })).toContain("panel-simulator");
    expect(ids({ ...fresh, panelUrl: "https://panel.example" })).toContain("panel-simulator");
    // Without the simulator running, the demo key reaches nothing: no simulated orders to warn about.
    expect(ids({ ...fresh, demoPanelUrl: undefined })).not.toContain("panel-simulator");
  });

  it("keeps a panel line while the panel cannot be reached", () => {
    const real = { ...fresh, demoPanelUrl: undefined, panelUrl: "https://panel.example/api/v2", panelApiKey: "live" };
    // PANEL_SIMULATOR turned off (or the simulator could not start): the demo's settings reach nothing.
    const left = listUnsafeDefaults({ ...fresh, demoPanelUrl: undefined });
    expect(left.find((d) => d.id === "panel-unreachable")?.message).toBe(
      "The SMM panel settings are still the demo simulator's, which is not running: paid orders cannot be sent for delivery.",
    );
    expect(ids({ ...real, panelUrl: "" })).toContain("panel-unreachable");
    expect(ids({ ...real, panelApiKey: " " })).toContain("panel-unreachable");
    const silent = listUnsafeDefaults({ ...real, panelReach: { reachable: false, reason: "connection refused" } });
    expect(silent.find((d) => d.id === "panel-unreachable")).toEqual({
      id: "panel-unreachable",
      message: "The SMM panel at panel.example does not answer (connection refused). Paid orders wait until it does.",
      href: "/admin/panels",
      linkLabel: "Check your SMM panel",
    });
    // Gone once the panel answers, or before anything is known of a newly saved one.
    expect(ids({ ...real, panelReach: { reachable: true } })).not.toContain("panel-unreachable");
    expect(ids(real)).not.toContain("panel-unreachable");
  });

  it("calls a base URL unsafe when it is local, plain http or not a URL", () => {
    for (const url of [
      "http://localhost:3000",
      "https://localhost",
      "https://127.0.0.1:8443",
      "https://[::1]",
      "https://shop.localhost",
      "http://shop.example",
      "not a url",
      "",
    ]) {
      expect(isUnsafePublicBaseUrl(url), url).toBe(true);
    }
    expect(isUnsafePublicBaseUrl("https://shop.example")).toBe(false);
    expect(isUnsafePublicBaseUrl("https://boost.in/")).toBe(false);
  });

  it("says when the unsafe public address comes from PUBLIC_BASE_URL, which the Settings field cannot change", () => {
    const fromSetting = listUnsafeDefaults({ ...fresh, publicBaseUrl: "http://shop.example" });
    expect(fromSetting.find((d) => d.id === "public-base-url")!.message).toBe(
      "The Public Base URL is http://shop.example: links, canonicals, the sitemap and link previews need your https:// address.",
    );
    const fromEnv = listUnsafeDefaults({ ...fresh, publicBaseUrl: "http://shop.example", publicBaseUrlFromEnv: true });
    const item = fromEnv.find((d) => d.id === "public-base-url")!;
    expect(item.message).toMatch(/^PUBLIC_BASE_URL in the server's environment is http:\/\/shop\.example:/);
    expect(item.message).toContain("the Settings field does not apply while it is set");
    expect(ids({ ...fresh, publicBaseUrl: "https://shop.example", publicBaseUrlFromEnv: true })).not.toContain(
      "public-base-url",
    );
  });
});
