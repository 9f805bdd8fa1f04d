import { describe, expect, it } from "vitest";
import { prettyLogLine } from "./logger.server";

describe("the log as a person at a terminal reads it (LOG_FORMAT=pretty)", () => {
  const at = new Date(2026, 10, 27, 9, 5, 7).getTime();
  it("shows the time and the message, and the level only when it is not plain information", () => {
    expect(
      prettyLogLine(
        `{"level":30,"time":${at},"url":"http://localhost:3000","msg":"shop listening on http://localhost:3000"}\n`,
      ),
    ).toBe("09:05:07  shop listening on http://localhost:3000\n");
    expect(prettyLogLine(`{"level":40,"time":${at},"msg":"PANEL_SIMULATOR is on"}`)).toBe(
      "09:05:07  WARN  PANEL_SIMULATOR is on\n",
    );
  });

  it("adds an error's own message, and passes anything that is not JSON through", () => {
    expect(
      prettyLogLine(`{"level":50,"time":${at},"err":{"message":"ECONNREFUSED","stack":"…"},"msg":"panel sync failed"}`),
    ).toBe("09:05:07  ERROR panel sync failed: ECONNREFUSED\n");
    expect(prettyLogLine("plain text")).toBe("plain text\n");
  });
});
