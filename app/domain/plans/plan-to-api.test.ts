import { describe, expect, it } from "vitest";
import { adminPlanToApi, planToApi } from "./admin.server";
import type { PlanRow } from "./table";

const row: PlanRow = {
  id: 7,
  service_type: "followers",
  name: "Indian Followers",
  quantity: 1000,
  price_paise: 14_900,
  tag: "best",
  is_enabled: 1,
  refill_days: 30,
  drip_runs: 0,
  drip_interval_minutes: 0,
  custom_comments: 0,
  panel_service_id: "1201",
  fallback_service_id: "1290",
  panel_id: null,
  fallback_panel_id: null,
  created_at: 1,
  updated_at: 1,
};

describe("a plan as the API shows it", () => {
  it("never tells buyers (or other shops) which panel services the shop buys from", () => {
    const shown = planToApi(row);
    expect(shown).not.toHaveProperty("panelServiceId");
    expect(shown).not.toHaveProperty("fallbackServiceId");
    expect(JSON.stringify(shown)).not.toMatch(/1201|1290/);
  });

  it("tells the operator", () => {
    expect(adminPlanToApi(row)).toMatchObject({ _id: "7", panelServiceId: "1201", fallbackServiceId: "1290" });
  });
});
