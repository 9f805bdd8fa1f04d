import type { IncomingMessage } from "node:http";
import { describe, expect, it, vi } from "vitest";
import { proxyAddressCheck } from "~/domain/health/proxy-address.server";
import { missingClientAddress, noteMissingClientAddress } from "~/lib/server/proxy-address.server";
import { proxyAddressWatch } from "./proxy-address-watch";

const request = (url: string, headers: Record<string, string> = {}) =>
  ({ url, headers, socket: { remoteAddress: "127.0.0.1" } }) as unknown as IncomingMessage;

const HOUR = 60 * 60_000;

/**
 * Security round 4, finding 2: behind TRUST_PROXY, a proxy that sends only
 * X-Forwarded-Proto makes every visitor 127.0.0.1. The server says so in the
 * log (at most every ten minutes, with the count), on Health and in the
 * banner, for an hour after the last such request.
 */
describe("requests through a trusted proxy without a client address", () => {
  it("is not watched without TRUST_PROXY, and skips requests that name their client and local probes", () => {
    const logger = { error: vi.fn() };
    expect(proxyAddressWatch(0, logger)).toBeNull();
    const watch = proxyAddressWatch(1, logger)!;
    watch(request("/order", { "x-forwarded-for": "203.0.113.9", "x-forwarded-proto": "https" }));
    watch(request("/healthz"));
    watch(request("/readyz?x=1"));
    expect(logger.error).not.toHaveBeenCalled();
  });

  it("logs loudly, then at most every ten minutes, and shows on Health for an hour after the last one", () => {
    const logger = { error: vi.fn() };
    const t0 = Date.now() + 10 * HOUR; // later than anything another test in this file noted
    expect(proxyAddressCheck(t0).status).toBe("ok");

    noteMissingClientAddress(logger, { path: "/admin/login", from: "127.0.0.1" }, t0);
    noteMissingClientAddress(logger, { path: "/track", from: "127.0.0.1" }, t0 + 60_000);
    expect(logger.error).toHaveBeenCalledTimes(1);
    expect(logger.error.mock.calls[0]![1]).toMatch(/TRUST_PROXY is set, but requests arrive without X-Forwarded-For/);
    const check = proxyAddressCheck(t0 + 2 * 60_000);
    expect(check.status).toBe("warn");
    expect(check.summary).toMatch(/2 requests came without X-Forwarded-For .*\/track from 127\.0\.0\.1/);
    expect(check.summary).toContain("proxy_set_header X-Forwarded-For");

    noteMissingClientAddress(logger, { path: "/", from: "127.0.0.1" }, t0 + 11 * 60_000);
    expect(logger.error).toHaveBeenCalledTimes(2);
    expect(logger.error.mock.calls[1]![0]).toMatchObject({ requests: 2 });

    expect(missingClientAddress(t0 + 11 * 60_000 + HOUR)).not.toBeNull();
    expect(proxyAddressCheck(t0 + 12 * 60_000 + HOUR).status).toBe("ok");
  });

  it("notes a request with only X-Forwarded-Proto, by its path without the query", () => {
    const logger = { error: vi.fn() };
    proxyAddressWatch(1, logger)!(request("/track?phone=98765", { "x-forwarded-proto": "https" }));
    expect(missingClientAddress()).toMatchObject({ lastPath: "/track", from: "127.0.0.1" });
  });
});
