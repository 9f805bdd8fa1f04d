import { describe, expect, it } from "vitest";
import { secretLeftBehind } from "./saved-secret";

describe("a saved secret follows its server", () => {
  const saved = { saved: "secret-1234", typed: "", savedFor: "imap.example.in:993" };

  it("goes to the server it was saved for with the field left empty", () => {
    expect(secretLeftBehind({ ...saved, goingTo: "imap.example.in:993" })).toBe(false);
  });

  it("must be typed again for any other server, or when where it was saved for is unknown", () => {
    expect(secretLeftBehind({ ...saved, goingTo: "imap.evil.example:993" })).toBe(true);
    expect(secretLeftBehind({ ...saved, goingTo: "imap.example.in:143" })).toBe(true);
    expect(secretLeftBehind({ ...saved, goingTo: null })).toBe(true);
    expect(secretLeftBehind({ ...saved, savedFor: null, goingTo: "imap.example.in:993" })).toBe(true);
  });

  it("asks nothing when a secret is typed, or none is saved", () => {
    expect(secretLeftBehind({ ...saved, typed: "new-secret", goingTo: "imap.evil.example:993" })).toBe(false);
    expect(secretLeftBehind({ ...saved, saved: "", goingTo: "imap.evil.example:993" })).toBe(false);
    expect(secretLeftBehind({ ...saved, saved: null, goingTo: null })).toBe(false);
  });
});
