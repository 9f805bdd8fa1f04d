import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fillPlaceholders, parseMarkdown } from "./markdown.server";

describe("markdown", () => {
  it("validates front matter and renders the body", () => {
    const doc = parseMarkdown('---\ntitle: "Hello"\n---\n## Part one\n\nSome *text* here.\n', z.object({ title: z.string() }));
    expect(doc.meta.title).toBe("Hello");
    expect(doc.html).toContain("<h2>Part one</h2>");
    expect(doc.words).toBe(5);
  });

  it("refuses a document whose front matter does not fit", () => {
    expect(() => parseMarkdown("---\ntitle: 3\n---\nx", z.object({ title: z.string() }), "a.md")).toThrow(/a\.md/);
  });

  it("fills placeholders with escaped values", () => {
    expect(fillPlaceholders("<p>Mail {{email}} or {{other}}</p>", { email: "<b>x</b>@y.in" })).toBe(
      "<p>Mail &lt;b&gt;x&lt;/b&gt;@y.in or {{other}}</p>",
    );
  });
});
