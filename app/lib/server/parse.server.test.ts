import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "~/lib/app-error";
import { MAX_JSON_ARRAY, checkJsonValue, formAction, formFailure, parseForm, parseJsonText } from "./parse.server";

/** The AppError a check throws (every check fails this one way), or null when it passes. */
function refusalOf(check: () => unknown): AppError | null {
  try {
    check();
    return null;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

describe("the JSON body checks", () => {
  // Security round 4, finding 5: `pending.push(...array)` overflowed the stack on a 200,000-element array.
  it("walks a 200,000-element array without overflowing the stack, and refuses it as too large", () => {
    const refused = refusalOf(() => parseJsonText(`[${new Array(200_000).fill("0").join(",")}]`, z.unknown()));
    expect(refused?.code).toBe("BODY_TOO_LARGE");
  });

  it("refuses an array longer than the cap anywhere in the body, and takes one at the cap", () => {
    const at = { lines: new Array(MAX_JSON_ARRAY).fill("x") };
    expect(refusalOf(() => checkJsonValue(at))).toBeNull();
    const over = { a: { b: [0, { c: new Array(MAX_JSON_ARRAY + 1).fill(0) }] } };
    expect(refusalOf(() => checkJsonValue(over))?.code).toBe("BODY_TOO_LARGE");
  });

  it("walks deep nesting without recursion", () => {
    const deep = `${"[".repeat(100_000)}"\\u0000"${"]".repeat(100_000)}`;
    expect(refusalOf(() => parseJsonText(deep, z.unknown()))?.code).toBe("INVALID_INPUT");
  });

  it("still refuses NUL and lone surrogates in values and keys", () => {
    expect(refusalOf(() => checkJsonValue({ a: ["ok", "bad\u0000"] }))?.message).toMatch(/not allowed/);
    expect(refusalOf(() => checkJsonValue({ ["\ud800"]: 1 }))?.message).toMatch(/not allowed/);
    expect(refusalOf(() => checkJsonValue({ a: [1, "fine", { b: null }] }))).toBeNull();
  });

  it("names the field of a schema's first problem", () => {
    const refused = refusalOf(() => parseJsonText('{"phone":7}', z.object({ phone: z.string() })));
    expect(refused).toMatchObject({ code: "INVALID_INPUT", details: { field: "phone" } });
    expect(refused?.message).toMatch(/^phone: /);
  });
});

const schema = z.object({
  intent: z.literal("save"),
  host: z.string().min(1, "Give the host"),
  password: z.string().default(""),
  from: z.string().default(""),
});

function post(fields: Record<string, string>) {
  return new Request("http://shop.test/admin/settings", { method: "POST", body: new URLSearchParams(fields) });
}

describe("a page form's refusal keeps what was typed (issue 45)", () => {
  it("a refusal the domain throws comes back under its field, with the typed values but never the password", async () => {
    const submission = await parseForm(
      post({ intent: "save", host: "smtp.typed.in", password: "secret typed", from: "" }),
      schema,
    );
    const answer = await formAction(
      submission,
      () => Promise.reject(new AppError("INVALID_INPUT", "Give one From address", { field: "from" })),
      { hideFields: ["password"] },
    );
    expect(answer.init?.status).toBe(400);
    const { data } = answer as unknown as { data: Record<string, unknown> & { result: Record<string, unknown> } };
    expect(data).toMatchObject({ ok: false, message: "Give one From address", field: "from", retype: ["password"] });
    expect(data.result.initialValue).toMatchObject({ intent: "save", host: "smtp.typed.in" });
    expect(JSON.stringify(data)).not.toContain("secret typed");
    expect(data.result.error).toMatchObject({ from: ["Give one From address"] });
  });

  it("a refusal naming no field is the form's; what the work answers otherwise passes through; other errors are thrown", async () => {
    const submission = await parseForm(post({ intent: "save", host: "h" }), schema);
    const refused = await formAction(submission, () =>
      Promise.reject(new AppError("CONFLICT", "Someone else saved first")),
    );
    const { data } = refused as unknown as { data: { field: null; retype: string[]; result: { error: object } } };
    expect(data.field).toBeNull();
    expect(data.retype).toEqual([]);
    expect(data.result.error).toMatchObject({ "": ["Someone else saved first"] });
    expect(await formAction(submission, () => Promise.resolve({ ok: true }))).toEqual({ ok: true });
    await expect(formAction(submission, () => Promise.reject(new Error("bug")))).rejects.toThrow("bug");
  });

  it("an invalid form names the secrets that were typed, to be asked for again, without echoing them", async () => {
    const submission = await parseForm(post({ intent: "save", host: "", password: "typed" }), schema);
    const { data } = formFailure(submission, { hideFields: ["password"] });
    expect(data).toMatchObject({ field: "host", retype: ["password"] });
    expect(JSON.stringify(data)).not.toContain('"typed"');
  });
});
