import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  type PanelConnection,
  addOrder,
  cancelOrders,
  getBalance,
  getServices,
  getStatus,
  getStatuses,
  requestRefill,
} from "~/domain/panel/client.server";
import { type PanelDialect, type PanelDouble, startPanelDouble } from "../support/panel-doubles";

/**
 * The panel client against a double of each panel family (tests/support/panel-doubles.ts) over real
 * HTTP on loopback: each family's answers, error shapes and faults, read by what the panel answers.
 */

const TIMEOUT_MS = 400;

interface Family {
  dialect: PanelDialect;
  followers: string;
  likes: string;
  comments: string;
  /** The followers link the family's own buyers would send (the Indian reseller insists on the full URL). */
  profile: string;
  funds: string;
}

const FAMILIES: Family[] = [
  {
    dialect: "perfectpanel",
    followers: "1",
    likes: "2",
    comments: "5",
    profile: "https://www.instagram.com/priya.bakes/",
    funds: "Not enough funds on balance",
  },
  {
    dialect: "indian",
    followers: "1201",
    likes: "1202",
    comments: "1205",
    profile: "https://www.instagram.com/priya.bakes/",
    funds: "neworder.error.not_enough_funds",
  },
  {
    dialect: "smartpanel",
    followers: "31",
    likes: "32",
    comments: "35",
    profile: "https://www.instagram.com/priya.bakes/",
    funds: "Not enough funds on balance",
  },
];

describe.each(FAMILIES)("the panel client speaking to $dialect", (family) => {
  let panel: PanelDouble;
  let conn: PanelConnection;

  beforeAll(async () => {
    panel = await startPanelDouble(family.dialect, { pendingMs: 1_000, runMs: 10_000 });
    conn = {
      url: panel.apiUrl,
      apiKey: panel.apiKey,
      timeoutMs: TIMEOUT_MS,
      allowPrivateAddresses: true,
      currency: panel.currency,
    };
  });
  afterAll(async () => panel.close());
  afterEach(() => {
    panel.setFault({ kind: "none" });
    panel.setServiceList("normal");
  });

  it("lists services and the balance in the family's own shapes", async () => {
    const services = await getServices(conn);
    expect(services.ok).toBe(true);
    if (!services.ok) return;
    expect(services.value.problems).toEqual([]);
    const followers = services.value.services.find((s) => s.service === family.followers);
    expect(followers).toMatchObject({ min: expect.any(Number) as number, max: expect.any(Number) as number });
    expect(followers?.rate).toMatch(/^\d+(\.\d+)?$/);
    // smm-panel-script has no refill or cancel: its services support neither, whatever the plan promises.
    if (family.dialect === "smartpanel")
      expect(services.value.services.every((s) => !s.refill && !s.cancel)).toBe(true);
    else expect(followers?.refill).toBe(true);
    const balance = await getBalance(conn);
    expect(balance).toMatchObject({ ok: true, value: { currency: panel.currency } });
  });

  it("places a followers order sent as the full profile address, then follows it", async () => {
    const added = await addOrder(conn, { service: family.followers, link: family.profile, quantity: 1000 });
    expect(added).toEqual({ ok: true, value: expect.stringMatching(/^\d+$/) as string });
    const id = added.ok ? added.value : "";
    expect(panel.order(id)?.link).toBe(family.profile);
    const status = await getStatus(conn, id);
    expect(status).toMatchObject({ ok: true, value: { status: "pending", remains: 1000, currency: panel.currency } });
    panel.advance(20_000);
    const batch = await getStatuses(conn, [id, "999999"]);
    expect(batch.ok && batch.value.get(id)).toMatchObject({ ok: true, value: { status: "completed", remains: 0 } });
    expect(batch.ok && batch.value.get("999999")).toEqual({ ok: false, error: "Incorrect order ID" });
  });

  it("keeps a charge whatever form the family writes it in", async () => {
    // 3,000 views at the family's rate: the Indian reseller's float comes with binary noise (1.1 × 3 = 3.3000000000000003).
    const views = panel.services.find((s) => /views/i.test(`${s.category} ${s.name}`))!;
    const added = await addOrder(conn, {
      service: String(views.service),
      link: "https://www.instagram.com/reel/Cx9/",
      quantity: 3000,
    });
    const status = await getStatus(conn, added.ok ? added.value : "");
    const expected = { perfectpanel: "0.06000", indian: "3.3", smartpanel: "0.1500" }[family.dialect];
    expect(status).toMatchObject({ ok: true, value: { charge: expected } });
  });

  it("sends custom comments one per line, and the panel counts them", async () => {
    const comments = ["Wow 😍", "So pretty", "Nice one", "🔥🔥", "Love it"];
    const added = await addOrder(conn, {
      service: family.comments,
      link: "https://www.instagram.com/p/Cx1/",
      quantity: comments.length,
      comments,
    });
    expect(added.ok).toBe(true);
    expect(panel.order(added.ok ? added.value : "")).toMatchObject({ quantity: 5, comments });
    expect(panel.calls.at(-1)?.params).not.toHaveProperty("quantity");
  });

  it("says 'out of funds' in the family's words, as a wait, not a refusal", async () => {
    const poor = await startPanelDouble(family.dialect, { balance: 0.01 });
    try {
      const reply = await addOrder(
        { ...conn, url: poor.apiUrl, apiKey: poor.apiKey },
        { service: family.followers, link: family.profile, quantity: 1000 },
      );
      expect(reply).toEqual({ ok: false, kind: "unavailable", reason: "funds", message: family.funds });
      expect(poor.orders()).toHaveLength(0);
    } finally {
      await poor.close();
    }
  });

  it("refuses what this order gets wrong, in the family's words, with nothing placed", async () => {
    const before = panel.orders().length;
    const badService = await addOrder(conn, { service: "99999", link: family.profile, quantity: 100 });
    expect(badService).toMatchObject({ ok: false, kind: "refused", reason: "service" });
    const tooFew = await addOrder(conn, {
      service: family.followers,
      link: family.profile.replace("priya", "few"),
      quantity: 1,
    });
    expect(tooFew).toMatchObject({ ok: false, kind: "refused", reason: "quantity" });
    if (family.dialect === "indian") {
      // The reseller checks links: a bare username is refused outright.
      expect(await addOrder(conn, { service: family.followers, link: "priya.bakes", quantity: 100 })).toEqual({
        ok: false,
        kind: "refused",
        reason: "link",
        message: "neworder.error.invalid_link",
      });
    }
    if (family.dialect === "smartpanel") {
      // Its drip-feed takes 0, 5, 10, 15, 30, 60 or 90 minutes, and says no in its other error shape.
      expect(
        await addOrder(conn, {
          service: family.likes,
          link: "https://www.instagram.com/p/Cd/",
          quantity: 100,
          runs: 3,
          interval: 7,
        }),
      ).toEqual({ ok: false, kind: "refused", reason: "other", message: "Invalid Interval in minutes" });
      // No refill or cancel at all.
      expect(await requestRefill(conn, "812")).toMatchObject({
        ok: false,
        kind: "refused",
        message: "This action is Invalid",
      });
      expect(await cancelOrders(conn, ["812"])).toMatchObject({ ok: false, kind: "refused" });
    }
    expect(panel.orders()).toHaveLength(before);
  });

  it.each([
    ["nginx 502", { kind: "page", status: 502, page: "nginx" }],
    ["Cloudflare 521", { kind: "page", status: 521, page: "cloudflare" }],
    ["Cloudflare 522", { kind: "page", status: 522, page: "cloudflare" }],
    ["a 503 maintenance page", { kind: "page", status: 503, page: "maintenance" }],
    ["HTTP 429", { kind: "rate-limited", retryAfterSeconds: 120 }],
    ["its maintenance message", { kind: "maintenance" }],
  ] as const)("treats %s as 'try later': nothing was placed", async (_label, fault) => {
    panel.setFault(fault);
    const before = panel.orders().length;
    const reply = await addOrder(conn, {
      service: family.likes,
      link: "https://www.instagram.com/p/Cf/",
      quantity: 100,
    });
    expect(reply).toMatchObject({ ok: false, kind: "unavailable" });
    if (fault.kind === "rate-limited") expect(reply).toMatchObject({ reason: "busy", retryAfterMs: 120_000 });
    expect(panel.orders()).toHaveLength(before);
  });

  it("treats a panel that refuses connections as down", async () => {
    await panel.pause();
    try {
      expect(
        await addOrder(conn, { service: family.likes, link: "https://www.instagram.com/p/Cg/", quantity: 100 }),
      ).toMatchObject({
        ok: false,
        kind: "unavailable",
        reason: "down",
        message: "Could not connect to the SMM panel (ECONNREFUSED)",
      });
    } finally {
      await panel.resume();
    }
  });

  it("treats an answer lost after the panel had the request as unknown, and keeps an order id it still names", async () => {
    let n = 0;
    const before = panel.orders().length;
    // A new post each time: PerfectPanel-style panels take one unfinished order per link.
    const send = () =>
      addOrder(conn, { service: family.likes, link: `https://www.instagram.com/p/Ch${n++}/`, quantity: 100 });

    panel.setFault({ kind: "error-after-create", namesOrder: false });
    const failed = await send();
    expect(failed).toMatchObject({
      ok: false,
      kind: "unknown",
      message: "The SMM panel failed (HTTP 500: Internal server error)",
    });
    expect(failed.ok === false && failed.orderId).toBeFalsy();

    panel.setFault({ kind: "truncated" });
    const truncated = await send();
    expect(truncated).toMatchObject({ ok: false, kind: "unknown", orderId: expect.stringMatching(/^\d+$/) as string });
    expect(panel.order(truncated.ok ? "" : truncated.orderId!)).toBeDefined();

    panel.setFault({ kind: "hang-up" });
    expect(await send()).toMatchObject({ ok: false, kind: "unknown" });

    panel.setFault({ kind: "slow", ms: TIMEOUT_MS + 200, before: true });
    expect(await send()).toMatchObject({
      ok: false,
      kind: "unknown",
      message: "The SMM panel did not answer within 0.4 s",
    });

    panel.setFault({ kind: "html-200" });
    expect(await send()).toMatchObject({
      ok: false,
      kind: "unknown",
      message: "The SMM panel answered with a web page instead of JSON (HTTP 200)",
    });
    // The slow panel did the work after the shop gave up on it: its order lands 0.6 s after the call,
    // and must land here, not in the middle of a later test's count.
    await vi.waitFor(() => expect(panel.orders()).toHaveLength(before + 4), { timeout: 5_000 });
  });

  it("reads the JSON after PHP warnings", async () => {
    panel.setFault({ kind: "php-warnings" });
    const added = await addOrder(conn, {
      service: family.likes,
      link: "https://www.instagram.com/p/Ci/",
      quantity: 100,
    });
    expect(added).toEqual({ ok: true, value: expect.stringMatching(/^\d+$/) as string });
  });

  it("copes with odd services lists: 5,000 services, junk entries, commas, an empty list, a web page", async () => {
    panel.setServiceList("huge");
    const huge = await getServices(conn);
    expect(huge.ok && huge.value.services).toHaveLength(5000);

    panel.setServiceList("malformed");
    const junk = await getServices(conn);
    expect(junk.ok && junk.value.services.map((s) => [s.service, s.rate])).toEqual([
      ["1", null],
      ["2", null],
      ["3", null],
      ["4", "8"],
    ]);
    expect(junk.ok && junk.value.problems).toEqual([
      "3 entries without a service id were left out",
      'Service 1: the rate "-0.50" is not a price',
      "Service 2: the rate 99999999999 per 1000 is not believable",
      "Service 3: min 1000 and max 100 do not make a range",
      "Service 4 is listed twice; the first entry is used",
      "… and 1 more like that",
    ]);

    panel.setServiceList("commas");
    const commas = await getServices(conn);
    const followers = commas.ok ? commas.value.services.find((s) => s.service === family.followers) : undefined;
    const expectedMax = panel.services.find((s) => String(s.service) === family.followers)!.max;
    expect(followers?.max).toBe(expectedMax);

    panel.setServiceList("empty");
    expect(await getServices(conn)).toEqual({ ok: true, value: { services: [], problems: [] } });

    panel.setServiceList("html");
    expect(await getServices(conn)).toMatchObject({ ok: false, kind: "unavailable", reason: "address" });
  });

  it("uses the URL as pasted: another path of the same panel is not its API", async () => {
    const elsewhere = { ...conn, url: `${panel.origin}${family.dialect === "smartpanel" ? "/api/v2" : "/api/v1"}` };
    const before = panel.orders().length;
    expect(
      await addOrder(elsewhere, { service: family.likes, link: "https://www.instagram.com/p/Cj/", quantity: 100 }),
    ).toEqual({
      ok: false,
      kind: "unavailable",
      reason: "address",
      message: "The SMM panel URL does not answer as a panel API: a web page instead of JSON (HTTP 404)",
    });
    expect(panel.orders()).toHaveLength(before);
  });
});

/** What each HTTP answer means for an order, from a server that answers exactly that (gateways, frameworks, PHP). */
describe("HTTP answers in front of a panel", () => {
  let server: Server;
  let url = "";
  let answer: { status: number; body: string; headers?: Record<string, string> } = { status: 200, body: "{}" };
  const seen: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += String(chunk)));
      req.on("end", () => {
        seen.push(new URLSearchParams(body).get("action") ?? "");
        res.writeHead(answer.status, { "content-type": "text/html", ...answer.headers }).end(answer.body);
      });
    });
    await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2`;
  });
  afterAll(async () => new Promise((done) => server.close(done)));

  const conn = () => ({ url, apiKey: "key-0123456789", timeoutMs: TIMEOUT_MS, allowPrivateAddresses: true });
  const add = () => addOrder(conn(), { service: "1", link: "https://www.instagram.com/p/x/", quantity: 100 });

  it.each([
    [504, "<html><h1>504 Gateway Time-out</h1></html>", "unknown", "unknown"],
    [524, "<html>A timeout occurred</html>", "unknown", "unknown"],
    [520, "", "unknown", "unknown"],
    [500, '{"error":"SQLSTATE[40001]: Deadlock found"}', "unknown", "unknown"],
    [502, '{"error":"Bad gateway"}', "unavailable", "down"],
    [503, '{"error":"Service Unavailable"}', "unavailable", "down"],
    [403, "<html>Attention Required! | Cloudflare</html>", "unavailable", "account"],
    [404, '{"message":"Not Found"}', "unavailable", "address"],
    [405, '{"error":"Method Not Allowed"}', "unavailable", "address"],
    [400, '{"error":"Incorrect request"}', "refused", "other"],
    [400, '{"error":"neworder.error.not_enough_funds"}', "unavailable", "funds"],
    [200, "", "unknown", "unknown"],
  ] as const)("HTTP %i %s → %s (%s)", async (status, body, kind, reason) => {
    answer = { status, body };
    expect(await add()).toMatchObject({ ok: false, kind, reason });
  });

  it("keeps an order id a failed reply names, and where a redirect points", async () => {
    answer = { status: 500, body: '{"error":"Mail failed","order":"77881"}' };
    expect(await add()).toMatchObject({ ok: false, kind: "unknown", orderId: "77881" });
    answer = { status: 200, body: '{"order":77882,"error":"Drip-feed disabled"}' };
    expect(await add()).toMatchObject({ ok: false, kind: "unknown", orderId: "77882" });
    answer = { status: 301, body: "", headers: { location: "https://panel.example/api/v2?ref=1" } };
    expect(await getBalance(conn())).toMatchObject({
      ok: false,
      kind: "unavailable",
      reason: "address",
      location: "https://panel.example/api/v2",
      message:
        "The SMM panel URL redirects (HTTP 301) to https://panel.example/api/v2; enter the address it redirects to",
    });
  });

  it("reads a non-JSON reply to a question as 'unavailable', never as 'maybe done'", async () => {
    answer = { status: 504, body: "<html>timeout</html>" };
    expect(await getBalance(conn())).toMatchObject({ ok: false, kind: "unavailable", reason: "down" });
    answer = { status: 200, body: '{"balance":' };
    expect(await getBalance(conn())).toMatchObject({ ok: false, kind: "unavailable" });
  });
});
