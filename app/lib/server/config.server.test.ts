import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.server";

describe("loadConfig", () => {
  it("needs nothing set for the demo", () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.database).toEqual({ kind: "sqlite", file: "./data/shop.db" });
  });

  it("names the variable and what is expected when a value is bad", () => {
    expect(() => loadConfig({ PORT: "abc" })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: "abc", LOG_LEVEL: "loud" });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT="abc": expected a whole number from 0 to 65535');
      expect(message).toContain('LOG_LEVEL="loud"');
    }
  });

  it("rejects a port out of range", () => {
    expect(() => loadConfig({ PORT: "70000" })).toThrow(/PORT="70000"/);
  });

  it("recognises a PostgreSQL URL", () => {
    const config = loadConfig({ DATABASE_URL: "postgres://u:p@127.0.0.1:5432/shop" });
    expect(config.database).toEqual({ kind: "postgres", url: "postgres://u:p@127.0.0.1:5432/shop" });
  });

  it("refuses private panel addresses unless PANEL_ALLOW_PRIVATE_ADDRESSES says otherwise", () => {
    expect(loadConfig({}).PANEL_ALLOW_PRIVATE_ADDRESSES).toBe(false);
    expect(loadConfig({ PANEL_ALLOW_PRIVATE_ADDRESSES: "true" }).PANEL_ALLOW_PRIVATE_ADDRESSES).toBe(true);
    expect(() => loadConfig({ PANEL_ALLOW_PRIVATE_ADDRESSES: "sometimes" })).toThrow(
      /PANEL_ALLOW_PRIVATE_ADDRESSES="sometimes": expected true or false/,
    );
  });

  it("treats an empty variable as unset", () => {
    expect(loadConfig({ PORT: "" }).PORT).toBe(3000);
  });

  it("redirects plain HTTP to HTTPS by default only behind a proxy, and can be turned off", () => {
    expect(loadConfig({}).HTTPS_REDIRECT).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "1" }).HTTPS_REDIRECT).toBe(true);
    expect(loadConfig({ TRUST_PROXY: "2", HTTPS_REDIRECT: "false" }).HTTPS_REDIRECT).toBe(false);
    expect(() => loadConfig({ HTTPS_REDIRECT: "maybe" })).toThrow(/HTTPS_REDIRECT="maybe": expected true or false/);
  });

  it("reads HTTPS_REDIRECT_HOSTS as a list of host names, and names it when one is not", () => {
    expect(loadConfig({}).HTTPS_REDIRECT_HOSTS).toEqual([]);
    expect(loadConfig({ HTTPS_REDIRECT_HOSTS: "shop.in, www.shop.in" }).HTTPS_REDIRECT_HOSTS).toEqual([
      "shop.in",
      "www.shop.in",
    ]);
    expect(() => loadConfig({ HTTPS_REDIRECT_HOSTS: "shop.in/@evil.in" })).toThrow(
      /HTTPS_REDIRECT_HOSTS="shop.in\/@evil.in": expected host names separated by commas/,
    );
  });

  it("refuses a redirect to HTTPS without a proxy, where every request would be redirected", () => {
    expect(() => loadConfig({ HTTPS_REDIRECT: "true" })).toThrow(
      /HTTPS_REDIRECT="true": needs TRUST_PROXY of 1 or more/,
    );
  });

  it("takes PUBLIC_BASE_URL as an http(s) address without its trailing slash, and names it when it is not one", () => {
    expect(loadConfig({}).PUBLIC_BASE_URL).toBeUndefined();
    expect(loadConfig({ PUBLIC_BASE_URL: "https://shop.example.in/" }).PUBLIC_BASE_URL).toBe("https://shop.example.in");
    expect(() => loadConfig({ PUBLIC_BASE_URL: "shop.example.in" })).toThrow(
      /PUBLIC_BASE_URL="shop.example.in": expected an http\(s\) address/,
    );
    expect(() => loadConfig({ PUBLIC_BASE_URL: "ftp://shop.example.in" })).toThrow(/PUBLIC_BASE_URL=/);
  });
});
