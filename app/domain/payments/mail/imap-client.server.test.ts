import { describe, expect, it } from "vitest";
import { describeImapError } from "./imap-client.server";

describe("what a failed mailbox connection says", () => {
  it("keeps the shop's own sentences whole, whatever the password (security round 3, finding 5)", () => {
    const refused = "The server refused the user name or password (for Gmail and Outlook, use an app password)";
    for (const password of ["or", "e", "password", "The", "a"]) {
      expect(describeImapError({ authenticationFailed: true }, password), password).toBe(refused);
      expect(describeImapError({ code: "ECONNREFUSED" }, password)).toBe(
        "The IMAP server refused the connection (check the host and port)",
      );
    }
  });

  it("takes the password out of the server's own words where it appears itself", () => {
    expect(describeImapError({ responseText: "Invalid login: hunter2 (try again)" }, "hunter2")).toBe(
      "Invalid login: ••• (try again)",
    );
    expect(describeImapError({ responseText: "Mailbox unavailable" }, "ail")).toBe("Mailbox unavailable");
  });

  it("says why a mail server was refused before anything was sent", () => {
    const error = Object.assign(new Error("The mail server 10.0.0.1 is at a private network address: …"), {
      code: "ERR_MAIL_SERVER_REFUSED",
    });
    expect(describeImapError(error, "pw")).toBe(error.message);
  });
});
