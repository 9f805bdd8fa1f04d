import { describe, expect, it } from "vitest";
import { BANKS } from "../reader/bank-registry";
import { domainProblem, userContentSigner } from "./domains";
import { DEFAULT_BANK_DOMAINS, checkMailboxInput } from "./mailbox-config";
import { mailboxInput } from "./mailbox-input.fixture";

/** Bank e-mail trust: only banks' own domains by default, and never one whose signature covers text anyone writes. */
describe("bank sender domains", () => {
  it("are by default every registered bank's own domains, and no mail provider or payment app", () => {
    expect(DEFAULT_BANK_DOMAINS).toEqual(BANKS.flatMap((b) => b.emailDomains));
    for (const domain of ["google.com", "gmail.com", "paytm.com", "phonepe.com"]) {
      expect(DEFAULT_BANK_DOMAINS).not.toContain(domain);
    }
    for (const domain of DEFAULT_BANK_DOMAINS) expect(domainProblem(domain), domain).toBeNull();
  });

  it.each([
    ["google.com", /Google signs Calendar invitations/],
    ["calendar.google.com", /Google signs Calendar invitations/],
    ["gmail.com", /anyone can have a Gmail address/],
    ["paytm.com", /Paytm mails notes and requests/],
    ["phonepe.com", /PhonePe mails notes and requests/],
    ["amazonses.com", /any of its customers/],
  ])("refuses %s with the reason", (domain, reason) => {
    expect(userContentSigner(domain)).toMatch(reason);
    const input = mailboxInput({ allowedDomains: `hdfcbank.net, ${domain}` });
    const result = checkMailboxInput(input);
    expect(result).toMatchObject({ ok: false, field: "allowedDomains" });
    expect(!result.ok && result.message).toMatch(`"${domain}" cannot vouch for a bank alert`);
  });
});
