import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Checkbox } from "./checkbox";
import { NativeSelect, Select } from "./select";

describe("NativeSelect", () => {
  it("is the browser's select, drawn like the inputs of its size", () => {
    const html = renderToStaticMarkup(
      <NativeSelect size="sm" name="rating" defaultValue="4">
        <option value="5">5</option>
        <option value="4">4</option>
      </NativeSelect>,
    );
    expect(html).toMatch(/^<select class="[^"]*rounded-lg px-3 py-2 text-sm[^"]*" name="rating">/);
    expect(html).toContain('<option value="4" selected="">4</option>');
  });
});

describe("Select", () => {
  it("is a combobox named by its label", () => {
    const html = renderToStaticMarkup(
      <Select
        value="paid"
        label="Status"
        onChange={() => {}}
        options={[
          ["paid", "Paid"],
          ["sent", "Sent"],
        ]}
      />,
    );
    expect(html).toContain('aria-label="Status"');
    expect(html).toContain('role="combobox"');
  });
});

describe("Checkbox", () => {
  it("is a checkbox a screen reader hears as checked", () => {
    const html = renderToStaticMarkup(<Checkbox id="agree" checked onCheckedChange={() => {}} />);
    expect(html).toContain('role="checkbox"');
    expect(html).toContain('aria-checked="true"');
    expect(html).toContain("data-[state=checked]:bg-brand-600");
  });

  it("draws the Danger Zone's red box", () => {
    const html = renderToStaticMarkup(<Checkbox tone="danger" checked={false} onCheckedChange={() => {}} />);
    expect(html).toContain('aria-checked="false"');
    expect(html).toContain("border-red-700");
  });
});
