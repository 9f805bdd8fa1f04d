import { describe, expect, it } from "vitest";
import { DEFAULT_LINK_FORMS, readLinkForms } from "./link-forms";

describe("a panel's link forms as stored", () => {
  it("reads what is stored, and takes the default for what is missing or unknown", () => {
    expect(readLinkForms(null)).toEqual(DEFAULT_LINK_FORMS);
    expect(readLinkForms("{")).toEqual(DEFAULT_LINK_FORMS);
    expect(readLinkForms('{"followers":"username","likes":"weird"}')).toEqual({
      ...DEFAULT_LINK_FORMS,
      followers: "username",
    });
  });
});
