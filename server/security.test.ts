import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "./security";

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
});
