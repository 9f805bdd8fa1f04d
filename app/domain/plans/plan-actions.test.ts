import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { newPlanSchema, planActionSchema } from "./plan-form";

const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [k, v] of entries) data.append(k, v);
  return data;
};

describe("plan actions", () => {
  it("refuses a plan id no plan can have before any action runs", () => {
    for (const id of ["2147483648", "0", "-1", "1.5", "abc", ""]) {
      const submission = parseWithZod(
        form([
          ["intent", "delete"],
          ["id", id],
        ]),
        { schema: planActionSchema },
      );
      expect(submission.status, id).toBe("error");
    }
  });

  it("reads the Add Plan form's flat fields, the tag repeated or absent", () => {
    const fields: [string, string][] = [
      ["intent", "create"],
      ["serviceType", "likes"],
      ["name", " Starter "],
      ["amount", "1,000"],
      ["price", "349.50"],
    ];
    const without = parseWithZod(form(fields), { schema: planActionSchema });
    // The form reads as the JSON API's plan does (its defaults are tested in plan-form.test.ts).
    expect(without.status === "success" && without.value).toEqual({
      intent: "create",
      ...newPlanSchema.parse({ serviceType: "likes", name: "Starter", amount: 1000, price: 349.5, tags: [] }),
    });
    expect(without.status === "success" && without.value).toMatchObject({
      name: "Starter",
      amount: 1000,
      price: 34950,
    });
    const tagged = parseWithZod(form([...fields, ["tags", "Popular"]]), { schema: planActionSchema });
    expect(tagged.status === "success" && tagged.value.intent === "create" && tagged.value.tags).toEqual(["popular"]);
    const two = parseWithZod(form([...fields, ["tags", "a"], ["tags", "b"]]), { schema: planActionSchema });
    expect(two.status === "error" && two.error).toEqual({ tags: ["Only one tag per plan"] });
  });

  it("names the problem of an update in the words the page shows", () => {
    const submission = parseWithZod(
      form([
        ["intent", "update"],
        ["id", "3"],
        ["name", ""],
        ["amount", "50"],
        ["price", "10"],
      ]),
      { schema: planActionSchema },
    );
    expect(submission.status === "error" && submission.error).toMatchObject({
      name: ["Name is required"],
      amount: ["Quantity must be at least 100"],
    });
  });
});
