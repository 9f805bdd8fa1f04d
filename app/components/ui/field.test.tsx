import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Field } from "./field";
import { Input } from "./input";

function render(props: Partial<Parameters<typeof Field>[0]>) {
  return renderToStaticMarkup(
    <Field id="utr" label="UPI reference" {...props}>
      {(control) => <Input {...control} />}
    </Field>,
  );
}

describe("Field", () => {
  it("names its control with the label", () => {
    const html = render({});
    expect(html).toContain('<label for="utr" class="mb-1 block text-sm font-semibold">UPI reference</label>');
    expect(html).toMatch(/<input class="[^"]*" id="utr" aria-invalid="false"\/>/);
  });

  it("describes the control with its hint", () => {
    const html = render({ hint: "12 digits" });
    expect(html).toContain('aria-describedby="utr-hint"');
    expect(html).toContain('<p class="mt-1 text-xs text-gray-600" id="utr-hint">12 digits</p>');
  });

  it("marks the control invalid and announces the error beside the hint", () => {
    const html = render({ hint: "12 digits", error: "Already used" });
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('aria-describedby="utr-hint utr-error"');
    expect(html).toContain(
      '<p role="alert" class="mt-1 text-sm font-medium text-red-700" id="utr-error">Already used</p>',
    );
  });

  it("can point at an error shown elsewhere", () => {
    const html = render({ invalid: true, describedBy: "form-error" });
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('aria-describedby="form-error"');
    expect(html).not.toContain('role="alert"');
  });

  it("gives each control its own id when none is given", () => {
    const html = renderToStaticMarkup(
      <>
        <Field label="A">{(c) => <Input {...c} />}</Field>
        <Field label="B">{(c) => <Input {...c} />}</Field>
      </>,
    );
    const ids = [...html.matchAll(/<input[^>]* id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
    for (const id of ids) expect(html).toContain(`for="${id}"`);
  });
});
