import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { useSchemaForm } from "~/lib/use-schema-form";
import { CheckboxField, SelectField, TextField, TextareaField } from "./forms";

const schema = z.object({
  name: z.string().max(20),
  about: z.string().optional(),
  rating: z.string(),
  verified: z.string().optional(),
  on: z.string().optional(),
});

type Fields = ReturnType<typeof useSchemaForm<typeof schema>>["fields"];

function render(body: (fields: Fields) => React.ReactNode, defaultValue: Partial<z.input<typeof schema>> = {}) {
  function Form() {
    const { fields } = useSchemaForm(schema, { id: "f", defaultValue });
    return <>{body(fields)}</>;
  }
  return renderToStaticMarkup(<Form />);
}

describe("TextField", () => {
  it("is one labelled input named, filled and required by the schema", () => {
    const html = render((f) => <TextField field={f.name} label="Name" placeholder="Asha" />, { name: "Ravi" });
    const id = /<input[^>]* id="([^"]+)"/.exec(html)![1];
    expect(html).toContain(`<label for="${id}"`);
    expect(html).toContain('name="name"');
    expect(html).toContain('value="Ravi"');
    expect(html).toContain('required=""');
    expect(html).toContain('placeholder="Asha"');
    expect(html).toContain('aria-invalid="false"');
  });

  it("leaves a verbatim field as typed: no capital first letter, no spelling fixes; others as the browser likes", () => {
    const verbatim = render((f) => <TextField field={f.name} label="UPI ID" verbatim />);
    expect(verbatim).toContain('autoCapitalize="none"');
    expect(verbatim).toContain('spellCheck="false"');
    const plain = render((f) => <TextField field={f.name} label="Name" />);
    expect(plain).not.toContain("autoCapitalize");
    expect(plain).not.toContain("spellCheck");
  });

  it("shows the server's refusal under the field and marks it invalid", () => {
    const html = render((f) => <TextField field={f.name} label="Name" error="That name is taken" />);
    expect(html).toContain('aria-invalid="true"');
    expect(html).toMatch(/<p role="alert"[^>]*>That name is taken<\/p>/);
  });

  it("describes the input with its hint", () => {
    const html = render((f) => <TextField field={f.name} label="Name" hint="As on the card" />);
    expect(html).toMatch(/aria-describedby="[^"]+-hint"/);
    expect(html).toContain(">As on the card</p>");
  });
});

describe("TextareaField", () => {
  it("is a labelled textarea with its value", () => {
    const html = render((f) => <TextareaField field={f.about} label="About" rows={3} />, { about: "Fast" });
    expect(html).toMatch(/<textarea[^>]* name="about"[^>]*rows="3"[^>]*>Fast<\/textarea>/);
  });
});

describe("SelectField", () => {
  it("lists values as they are or [value, text] pairs, the saved one chosen", () => {
    const plain = render((f) => <SelectField field={f.rating} label="Rating" options={["a", "b"]} />, { rating: "b" });
    expect(plain).toContain('<option value="b" selected="">b</option>');
    const pairs = render((f) => <SelectField field={f.rating} label="Rating" options={[[5, "5 of 5"]]} />);
    expect(pairs).toContain('<option value="5">5 of 5</option>');
  });
});

describe("CheckboxField", () => {
  it("is ticked when the saved value is its value", () => {
    const html = render((f) => <CheckboxField field={f.verified} label="Verified" />, { verified: "on" });
    expect(html).toMatch(/<input[^>]*type="checkbox"[^>]*checked=""[^>]*value="on"/);
    expect(html).toContain("Verified</label>");
  });

  it("sends its unchecked value first, so turning a setting off is heard", () => {
    const html = render((f) => <CheckboxField field={f.on} label="On" value="true" uncheckedValue="false" />);
    expect(html.indexOf('type="hidden" name="on" value="false"')).toBeGreaterThanOrEqual(0);
    expect(html.indexOf('type="hidden"')).toBeLessThan(html.indexOf('type="checkbox"'));
    expect(html).not.toContain("checked");
  });
});
