import { describe, expect, it } from "vitest";
import type { NextFunction, Request, Response } from "express";
import { contentSecurityPolicy, securityHeaders, securityHeadersFor } from "./security";

describe("content security policy", () => {
  it("lets storefront documents load Razorpay's Checkout.js and its payment frame, and nothing else of it", () => {
    const csp = contentSecurityPolicy("n0nce", { development: false }, { gateway: true });
    expect(csp).toContain("script-src 'self' 'nonce-n0nce' https://checkout.razorpay.com;");
    expect(csp).toContain("frame-src https://api.razorpay.com https://checkout.razorpay.com;");
    expect(csp).toContain("connect-src 'self';");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it("keeps the admin's (and the API's) policy free of any third-party origin", () => {
    const csp = contentSecurityPolicy("n0nce", { development: false });
    expect(csp).not.toContain("razorpay");
    expect(csp).not.toContain("frame-src");
  });

  function headersFor(path: string): Record<string, string> {
    const headers: Record<string, string> = {};
    const res = { locals: {}, setHeader: (name: string, value: string) => void (headers[name] = value) };
    securityHeaders({ development: false })(
      { path, secure: false } as Request,
      res as unknown as Response,
      (() => {}) as NextFunction,
    );
    return headers;
  }

  it("lets the gateway's popup report back and its frame take a payment on the storefront only", () => {
    const shop = headersFor("/followers");
    expect(shop["Cross-Origin-Opener-Policy"]).toBe("same-origin-allow-popups");
    expect(shop["Permissions-Policy"]).toContain('payment=(self "https://api.razorpay.com")');
    for (const path of ["/admin/orders", "/Admin/orders", "/%61dmin/settings", "/ADMIN"]) {
      const admin = headersFor(path);
      expect(admin["Cross-Origin-Opener-Policy"], path).toBe("same-origin");
      expect(admin["Permissions-Policy"], path).toContain("payment=()");
      expect(admin["Content-Security-Policy"], path).not.toContain("razorpay");
    }
  });

  it("gives every kind of answer the same walls, from one function", () => {
    const answers = [
      securityHeadersFor({ kind: "document", path: "/followers", scripts: "n0nce", secure: true }),
      securityHeadersFor({ kind: "document", path: "/", scripts: { hashes: ["abc="] }, secure: true }),
      securityHeadersFor({ kind: "data", secure: true }),
    ].map((headers) => Object.fromEntries(headers));
    for (const headers of answers) {
      expect(headers["X-Content-Type-Options"]).toBe("nosniff");
      expect(headers["X-Frame-Options"]).toBe("DENY");
      expect(headers["Content-Security-Policy"]).toContain("frame-ancestors 'none'");
      expect(headers["Strict-Transport-Security"]).toMatch(/max-age=31536000/);
    }
    // A cached page runs its scripts by hash, never by nonce; JSON and redirects run nothing.
    expect(answers[1]!["Content-Security-Policy"]).toContain("'sha256-abc='");
    expect(answers[2]!["Content-Security-Policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    // HSTS only over HTTPS, or browsers would pin plain-HTTP demos.
    expect(Object.fromEntries(securityHeadersFor({ kind: "data", secure: false }))).not.toHaveProperty(
      "Strict-Transport-Security",
    );
  });
});
