import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Button, buttonVariants } from "./button";

describe("Button", () => {
  it("is a plain button unless told otherwise, so it never submits a form by accident", () => {
    expect(renderToStaticMarkup(<Button>Go</Button>)).toMatch(/^<button type="button" class="[^"]+">Go<\/button>$/);
    expect(renderToStaticMarkup(<Button type="submit">Go</Button>)).toContain('type="submit"');
  });

  it("dresses the element it wraps with asChild, without a type", () => {
    const html = renderToStaticMarkup(
      <Button asChild variant="outline">
        <a href="/track">Track</a>
      </Button>,
    );
    expect(html).toMatch(/^<a href="\/track" class="[^"]*border-brand-600[^"]*">Track<\/a>$/);
  });

  it("lets the screen's classes replace the variant's of the same kind", () => {
    const classes = buttonVariants({ size: "xl" }) + " ";
    expect(classes).toContain("rounded-xl px-5 py-3 ");
    const html = renderToStaticMarkup(<Button className="w-full rounded-lg">Go</Button>);
    expect(html).toContain("rounded-lg");
    expect(html).not.toContain("rounded-xl");
    expect(html).toContain("w-full");
  });

  it("dims a disabled button", () => {
    expect(renderToStaticMarkup(<Button disabled>Go</Button>)).toMatch(/disabled=""/);
    expect(buttonVariants()).toContain("disabled:opacity-50");
  });
});
