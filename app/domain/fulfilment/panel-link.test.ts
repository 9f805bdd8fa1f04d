import { describe, expect, it } from "vitest";
import { panelLink } from "./panel-link";
import { panelOrdersPage, panelRequestRecord, readPanelRequest } from "~/domain/panel/panel-request";

describe("the link sent to the panel", () => {
  it("sends followers as the full profile address, posts and reels as given", () => {
    expect(panelLink({ service_type: "followers", target: "priya.bakes" })).toBe(
      "https://www.instagram.com/priya.bakes/",
    );
    expect(panelLink({ service_type: "followers", target: "@priya_bakes" })).toBe(
      "https://www.instagram.com/priya_bakes/",
    );
    expect(panelLink({ service_type: "followers", target: "https://www.instagram.com/priya/" })).toBe(
      "https://www.instagram.com/priya/",
    );
    expect(panelLink({ service_type: "likes", target: "https://www.instagram.com/p/Cx1/" })).toBe(
      "https://www.instagram.com/p/Cx1/",
    );
    expect(panelLink({ service_type: "views", target: "instagram.com/reel/abc" })).toBe("instagram.com/reel/abc");
  });
});

describe("what was sent, and where to look for it", () => {
  it("keeps the request without the key, and reads it back", () => {
    const record = panelRequestRecord(1000, "https://panel.example/api/v2", {
      service: "101",
      link: "https://www.instagram.com/p/x/",
      quantity: "250",
      runs: "5",
      interval: "30",
    });
    expect(record).toEqual({
      at: 1000,
      url: "https://panel.example/api/v2",
      service: "101",
      link: "https://www.instagram.com/p/x/",
      quantity: 250,
      runs: 5,
      interval: 30,
    });
    expect(readPanelRequest(JSON.stringify(record))).toEqual(record);
    expect(readPanelRequest("{")).toBeNull();
    expect(readPanelRequest(null)).toBeNull();
    expect(panelRequestRecord(1, "u", { service: "1", link: "l", comments: "a\nb\nc" }).comments).toBe(3);
  });

  it("finds each family's order list beside its API", () => {
    expect(panelOrdersPage("https://panel.example/api/v2")).toBe("https://panel.example/orders");
    expect(panelOrdersPage("https://smart.example/panel/api/v1")).toBe("https://smart.example/panel/order/log");
    expect(panelOrdersPage("https://old.example/api.php")).toBe("https://old.example/orders");
    expect(panelOrdersPage("ftp://x")).toBeNull();
  });
});

describe("the link form each panel takes", () => {
  const forms = { followers: "username", likes: "canonical", views: "canonical", comments: "as_given" } as const;

  it("sends a bare username, or clean post and reel links, to a panel set up for them", () => {
    expect(panelLink({ service_type: "followers", target: "@priya_bakes" }, forms)).toBe("priya_bakes");
    expect(panelLink({ service_type: "followers", target: "https://www.instagram.com/priya/" }, forms)).toBe("priya");
    expect(panelLink({ service_type: "likes", target: "instagram.com/p/Cx1AbCd/?igsh=MWQ1ZGUxMzBkMA==" }, forms)).toBe(
      "https://www.instagram.com/p/Cx1AbCd/",
    );
    expect(panelLink({ service_type: "views", target: "https://m.instagram.com/reels/C9zYx12/" }, forms)).toBe(
      "https://www.instagram.com/reel/C9zYx12/",
    );
    expect(panelLink({ service_type: "comments", target: "https://www.instagram.com/p/Cx1AbCd/?igsh=x" }, forms)).toBe(
      "https://www.instagram.com/p/Cx1AbCd/?igsh=x",
    );
  });

  it("keeps a link it cannot read as it is", () => {
    expect(panelLink({ service_type: "likes", target: "https://www.instagram.com/stories/x/1/" }, forms)).toBe(
      "https://www.instagram.com/stories/x/1/",
    );
  });
});
