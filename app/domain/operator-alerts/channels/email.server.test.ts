import { describe, expect, it } from "vitest";
import { smtpFailure } from "./email.server";

const where = { host: "smtp.example.in", port: 587 };

describe("SMTP failures", () => {
  it("gives up on a refused login or a refused message; retries when the server is away or busy", () => {
    expect(smtpFailure({ code: "EAUTH", response: "535 5.7.8 bad credentials" }, where)).toEqual({
      kind: "permanent",
      error: "The SMTP server refused the user or password: 535 5.7.8 bad credentials",
    });
    expect(smtpFailure({ code: "EENVELOPE", responseCode: 550, response: "550 no such user" }, where).kind).toBe(
      "permanent",
    );
    expect(smtpFailure({ code: "EMESSAGE", responseCode: 451 }, where).kind).toBe("retry");
    expect(smtpFailure({ code: "ECONNECTION", message: "connect ECONNREFUSED 127.0.0.1:587" }, where)).toEqual({
      kind: "retry",
      error: "Could not reach the SMTP server smtp.example.in:587 (connect ECONNREFUSED 127.0.0.1:587)",
    });
    expect(smtpFailure(new Error("boom"), where).kind).toBe("retry");
  });

  it("takes the password out of the server's words where it appears itself, and nothing else", () => {
    expect(smtpFailure({ code: "EAUTH", response: '535 5.7.8 "hunter2" rejected' }, where, "hunter2")).toEqual({
      kind: "permanent",
      error: 'The SMTP server refused the user or password: 535 5.7.8 "•••" rejected',
    });
    expect(smtpFailure({ code: "EAUTH", response: "535 5.7.8 bad credentials" }, where, "e")).toEqual({
      kind: "permanent",
      error: "The SMTP server refused the user or password: 535 5.7.8 bad credentials",
    });
  });
});
