import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { testDatabases } from "../support/databases";
import { type HostileShop, startShop } from "../support/hostile";
import { TEST_ADMIN, WRONG_PASSWORD } from "../support/test-accounts";

const OWNER = TEST_ADMIN;
const TOO_MANY = "Too many attempts. Please try again in 15 minutes.";

/**
 * The sign-in limits against the real server, on both databases. Addresses
 * come from X-Forwarded-For, which the server believes only because it runs
 * with TRUST_PROXY=1 here (as behind a reverse proxy). Each test has a fresh
 * server and database, so no test's failures lock or slow down another's.
 */
describe.each(testDatabases())("sign-in limits over HTTP on $name", (kind) => {
  let shop: HostileShop;
  beforeEach(async () => {
    shop = await startShop(kind, {
      TRUST_PROXY: "1",
      HTTPS_REDIRECT: "false",
      ADMIN_USERNAME: OWNER.username,
      ADMIN_PASSWORD: OWNER.password,
    });
  });
  afterEach(async () => shop?.stop());

  const signIn = async (username: string, password: string, address: string, userAgent = "vitest", cookie = "") => {
    const res = await fetch(`${shop.url}/admin/login`, {
      method: "POST",
      body: new URLSearchParams({ username, password }),
      headers: { "x-forwarded-for": address, "user-agent": userAgent, ...(cookie ? { cookie } : {}) },
      redirect: "manual",
    });
    const text = await res.text();
    const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0]!);
    const signedIn = res.status === 302 && cookies.some((c) => /^admin_session=.+/.test(c));
    return { status: signedIn ? 200 : res.status, text, retryAfter: res.headers.get("retry-after"), cookies };
  };
  /** The cookie a browser sends back, from what a sign-in set. */
  const jar = (cookies: string[], name: string) => cookies.find((c) => c.startsWith(`${name}=`)) ?? "";

  /** N parallel sign-ins from one address, the right password last. */
  async function burst(n: number, address: string) {
    const answers = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        signIn(OWNER.username, i === n - 1 ? OWNER.password : `wrong-guess-${i}`, address),
      ),
    );
    const verdicts = answers.filter((a) => a.status === 200 || a.status === 401);
    const refused = answers.filter((a) => a.status === 429);
    expect(verdicts.length + refused.length, JSON.stringify(answers.map((a) => a.status))).toBe(n);
    expect(verdicts.length).toBeLessThanOrEqual(5);
    for (const r of refused) {
      expect(r.text).toContain(TOO_MANY);
      expect(Number(r.retryAfter)).toBeGreaterThan(0);
    }
    // And the address stays locked afterwards, for the right password too.
    expect((await signIn(OWNER.username, OWNER.password, address)).status).toBe(429);
  }

  it("does not let a stranger failing from one address keep the owner out from another", async () => {
    const attacker = "203.0.113.66";
    for (let i = 0; i < 5; i++) {
      expect((await signIn(OWNER.username, `guess-${i}`, attacker, "attacker-agent")).status).toBe(401);
    }
    expect((await signIn(OWNER.username, OWNER.password, attacker, "attacker-agent")).status).toBe(429);
    expect((await signIn(OWNER.username, OWNER.password, "192.0.2.10", "owner-agent")).status).toBe(200);

    const audit = await shop.db.db
      .selectFrom("audit_log")
      .select(["action", "actor", "client_ip", "user_agent"])
      .where("client_ip", "in", [attacker, "192.0.2.10"])
      .orderBy("id")
      .execute();
    expect(audit).toEqual([
      ...Array.from({ length: 5 }, () => ({
        action: "login.failed",
        actor: "owner",
        client_ip: attacker,
        user_agent: "attacker-agent",
      })),
      { action: "login.locked", actor: "owner", client_ip: attacker, user_agent: "attacker-agent" },
      { action: "login", actor: "owner", client_ip: "192.0.2.10", user_agent: "owner-agent" },
    ]);
  });

  it("gives at most five of 30 parallel guesses from one address a verdict; the rest, and the right password, get 429", async () => {
    await burst(30, "198.51.100.30");
  });

  it("gives at most five of 100 parallel guesses from one address a verdict", async () => {
    await burst(100, "198.51.100.100");
  });

  it("counts IPv6 clients by their /64", async () => {
    for (let i = 1; i <= 5; i++) expect((await signIn(`guess${i}`, "x", `2001:db8:7:1::${i}`)).status).toBe(401);
    expect((await signIn(OWNER.username, OWNER.password, "2001:db8:7:1:ffff::99")).status).toBe(429);
    expect((await signIn(OWNER.username, OWNER.password, "2001:db8:7:2::1")).status).toBe(200);
  });

  it("answers a flood of sign-ins beyond the password-check line with 429, Retry-After and a clear message", async () => {
    const answers = await Promise.all(
      Array.from({ length: 80 }, (_, i) => signIn(`flood-${i}`, WRONG_PASSWORD, `198.18.${i >> 8}.${i & 255}`)),
    );
    const busy = answers.filter((a) => a.status === 429);
    expect(answers.every((a) => a.status === 401 || a.status === 429)).toBe(true);
    expect(busy.length).toBeGreaterThan(0);
    for (const b of busy) {
      expect(b.text).toContain("Too many sign-in attempts are being checked right now");
      expect(b.retryAfter).toBe("2");
    }
    // Refused for load, not for guessing: the flooding addresses are not locked.
    expect((await signIn("flood-0", WRONG_PASSWORD, "198.18.0.0")).status).toBe(401);
    expect((await signIn(OWNER.username, OWNER.password, "198.18.0.79")).status).toBe(200);
    // 80 sign-ins whose checked ones each hash a password: 51 s on a machine loaded to 14 (the browsers beside it).
  }, 90_000);

  describe("a device the operator signed in on (issue 45)", () => {
    // The operator and a stranger behind one address: a carrier's NAT, an office, a proxy not told apart.
    const shared = "198.51.100.45";
    async function lockAddress(address: string) {
      for (let i = 0; i < 5; i++) {
        expect((await signIn(OWNER.username, `stranger-${i}`, address, "stranger")).status).toBe(401);
      }
      expect((await signIn(OWNER.username, OWNER.password, address, "stranger")).status).toBe(429);
    }

    it("gets in with the right password while a stranger's guesses have locked its address", async () => {
      const first = await signIn(OWNER.username, OWNER.password, "192.0.2.45", "owner-phone");
      expect(first.status).toBe(200);
      const device = jar(first.cookies, "admin_device");
      expect(device).toMatch(/^admin_device=[\w-]{43}$/);
      await lockAddress(shared);

      const again = await signIn(OWNER.username, OWNER.password, shared, "owner-phone", device);
      expect(again.status).toBe(200);
      // The same device keeps its cookie, good for another 180 days.
      expect(jar(again.cookies, "admin_device")).toBe(device);
      // And the stranger, without it, is still locked out there.
      expect((await signIn(OWNER.username, OWNER.password, shared, "stranger")).status).toBe(429);
    });

    it("is locked by its own five failures only, and never slowed down by the stranger's", async () => {
      const device = jar((await signIn(OWNER.username, OWNER.password, "192.0.2.46")).cookies, "admin_device");
      await lockAddress(shared);
      for (let i = 0; i < 5; i++) {
        expect((await signIn(OWNER.username, `typo-${i}`, "192.0.2.46", "owner-phone", device)).status).toBe(401);
      }
      const locked = await signIn(OWNER.username, OWNER.password, "192.0.2.46", "owner-phone", device);
      expect(locked.status).toBe(429);
      expect(locked.text).toContain(TOO_MANY);
      const audit = await shop.db.db
        .selectFrom("audit_log")
        .select("details")
        .where("action", "=", "login.failed")
        .where("user_agent", "=", "owner-phone")
        .execute();
      expect(audit.map((a) => JSON.parse(String(a.details)) as unknown)).toEqual(
        Array.from({ length: 5 }, () => ({ reason: "wrong password", knownDevice: true })),
      );
    });

    it("takes a recent session of the admin as such a device, expired or not", async () => {
      const first = await signIn(OWNER.username, OWNER.password, "192.0.2.47");
      const session = jar(first.cookies, "admin_session");
      await shop.db.db
        .updateTable("admin_sessions")
        .set({ expires_at: Date.now() - 60_000 })
        .execute();
      await lockAddress(shared);
      expect((await signIn(OWNER.username, OWNER.password, shared, "owner-laptop", session)).status).toBe(200);
    });

    it("does not count a made-up cookie, nor one of a device another name signed in on", async () => {
      await lockAddress(shared);
      for (const cookie of [`admin_device=${"A".repeat(43)}`, "admin_session=forged", "admin_device="]) {
        expect((await signIn(OWNER.username, OWNER.password, shared, "stranger", cookie)).status).toBe(429);
      }
      const device = jar((await signIn(OWNER.username, OWNER.password, "192.0.2.48")).cookies, "admin_device");
      // The device is the owner's: a guess at another name from it is counted by the address, as any stranger's.
      expect((await signIn("someone-else", "guess", shared, "stranger", device)).status).toBe(429);
    });
  });
});
