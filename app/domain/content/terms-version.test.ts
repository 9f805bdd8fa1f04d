import { describe, expect, it } from "vitest";
import { policyLastUpdated } from "./pages.server";
import { TERMS_VERSION } from "./terms-version";

describe("the terms' version", () => {
  it("is the day the terms of service were last updated: change both together", () => {
    expect(TERMS_VERSION).toBe(policyLastUpdated("terms-of-service"));
  });
});
