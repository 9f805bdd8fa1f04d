import { describe, expect, it } from "vitest";
import { redactSecret } from "./redact-secret";

describe("taking a secret out of a server's words", () => {
  const refused = "The server refused the user name or password (for Gmail and Outlook, use an app password)";

  it("leaves words alone that only contain the secret's characters", () => {
    for (const secret of ["e", "pass", "passwor", "a", "The", "ail"]) {
      expect(redactSecret(refused.replace("The ", "the "), secret), secret).toBe(refused.replace("The ", "the "));
    }
    expect(redactSecret("NO [AUTHENTICATIONFAILED] Authentication failed.", "fail")).toBe(
      "NO [AUTHENTICATIONFAILED] Authentication failed.",
    );
  });

  it("replaces the secret wherever it stands as itself", () => {
    // A secret that is a whole word of the text cannot be told from it: the shop's own sentences are never passed here.
    expect(redactSecret("name or password", "or")).toBe("name ••• password");
    expect(redactSecret('LOGIN alerts "hunter2" rejected', "hunter2")).toBe('LOGIN alerts "•••" rejected');
    expect(redactSecret("bad password: hunter2", "hunter2")).toBe("bad password: •••");
    expect(redactSecret("hunter2 hunter2x hunter2.", "hunter2")).toBe("••• hunter2x •••.");
    expect(redactSecret("user=alerts;pass=p4ss;", "p4ss")).toBe("user=alerts;pass=•••;");
  });

  it("replaces a secret that begins or ends with punctuation even inside a word", () => {
    expect(redactSecret("x!s3cret!y and !s3cret!", "!s3cret!")).toBe("x•••y and •••");
    expect(redactSecret("abc-def", "-def")).toBe("abc•••");
  });

  it("returns the text unchanged without a secret", () => {
    expect(redactSecret(refused, "")).toBe(refused);
    expect(redactSecret(refused, null)).toBe(refused);
  });
});
