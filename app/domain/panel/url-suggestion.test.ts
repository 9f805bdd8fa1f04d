import { describe, expect, it } from "vitest";
import { candidateUrls } from "./url-suggestion.server";

describe("addresses Test connection tries for a URL that is not a panel API", () => {
  it("tries the usual API paths on the same host, nearest first, never the URL itself", () => {
    expect(candidateUrls("https://panel.example")).toEqual([
      "https://panel.example/api/v2",
      "https://panel.example/api/v1",
      "https://panel.example/api/v3",
      "https://panel.example/api.php",
    ]);
    expect(candidateUrls("https://smart.example/api/v2")).toEqual([
      "https://smart.example/api/v1",
      "https://smart.example/api/v3",
      "https://smart.example/api.php",
    ]);
    expect(candidateUrls("https://x.example/panel/")).toEqual([
      "https://x.example/panel/api/v2",
      "https://x.example/panel/api/v1",
      "https://x.example/panel/api/v3",
      "https://x.example/panel/api.php",
      "https://x.example/api/v2",
      "https://x.example/api/v1",
    ]);
  });

  it("offers where a redirect points, but only on the same host", () => {
    expect(candidateUrls("http://panel.example/api/v2", "https://panel.example/api/v2")[0]).toBe(
      "https://panel.example/api/v2",
    );
    expect(candidateUrls("https://panel.example/api/v2", "https://collector.example/api/v2")).not.toContain(
      "https://collector.example/api/v2",
    );
    expect(candidateUrls("not a url")).toEqual([]);
  });
});
