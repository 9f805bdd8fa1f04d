import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { proxyTrust } from "./proxy-trust";

/** Express's own view and proxyTrust's of the same request, with `hops` trusted proxies. */
const server = createServer((req, res) => {
  const hops = Number(req.headers["x-test-hops"]);
  const trust = proxyTrust(hops);
  const ours = { ip: trust.clientIp(req), secure: trust.isSecure(req) };
  const app = express().set("trust proxy", hops);
  app.use((r, s) => void s.json({ express: { ip: r.ip, secure: r.secure }, ours }));
  void app(req, res);
});
let url = "";
beforeAll(async () => {
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
});

describe("proxyTrust", () => {
  const chains: Record<string, string>[] = [
    {},
    { "x-forwarded-for": "203.0.113.7" },
    { "x-forwarded-for": "198.51.100.1, 203.0.113.7", "x-forwarded-proto": "https" },
    { "x-forwarded-for": "10.0.0.1, 198.51.100.1, 203.0.113.7", "x-forwarded-proto": "https, http" },
    { "x-forwarded-proto": "http" },
  ];
  it.each([0, 1, 2])("believes the address and transport Express believes with TRUST_PROXY=%i", async (hops) => {
    for (const headers of chains) {
      const res = await fetch(url, { headers: { ...headers, "x-test-hops": String(hops) } });
      const { express: theirs, ours } = (await res.json()) as Record<string, unknown>;
      expect(ours).toEqual(theirs);
    }
  });
});
