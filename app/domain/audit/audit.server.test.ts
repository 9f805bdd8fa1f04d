import { describe, expect, it } from "vitest";
import { maskSecrets } from "./audit.server";

describe("maskSecrets", () => {
  it("masks secret-looking fields at any depth and keeps the rest", () => {
    expect(
      maskSecrets({
        key: "VITE_UPI_ID",
        value: "shop@okaxis",
        apiKey: "abcdef1234567890",
        nested: { password: "hunter2", list: [{ token: "t0k3n-very-long" }] },
      }),
    ).toEqual({
      key: "VITE_UPI_ID",
      value: "shop@okaxis",
      apiKey: "••••7890",
      nested: { password: "••••", list: [{ token: "••••long" }] },
    });
  });
});
