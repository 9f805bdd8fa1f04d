import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { OrderTarget } from "./order-target";

function render(service: string, target: string) {
  return renderToStaticMarkup(<OrderTarget service={service} target={target} />);
}

describe("a buyer's target in the admin", () => {
  it("links a genuine Instagram address, truncated to 30 characters", () => {
    const html = render("likes", "https://www.instagram.com/p/Cabc123defg456/");
    expect(html).toContain('href="https://www.instagram.com/p/Cabc123defg456/"');
    expect(html).toContain(">https://www.instagram.com/p/Ca...</a>");
  });

  it("links a followers handle to its profile", () => {
    expect(render("followers", "@priya.bakes")).toBe(
      '<a href="https://instagram.com/priya.bakes" target="_blank" rel="noopener noreferrer" class="text-blue-700 underline">@priya.bakes</a>',
    );
  });

  it.each(["likes", "followers", "views"])("shows lookalike addresses as plain text (%s)", (service) => {
    for (const target of [
      "instagram.com.evillogin.in",
      "https://instagram.com.evil.in/accounts/login",
      "https://instagram.com@evil.in/p/X",
      "evilinstagram.com",
      "http://instagram.com/p/X",
      "javascript:alert(1)//instagram.com",
      "https://instagram.com:8443/p/X",
    ]) {
      const html = render(service, target);
      expect(html, target).not.toContain("<a");
      expect(html, target).toContain("<span");
    }
  });

  it("shows N/A for an empty target", () => {
    expect(render("likes", "  ")).toContain("N/A");
  });
});
