import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RevenueChart } from "./revenue-chart";

const count = (html: string, testId: string) => html.split(`data-testid="${testId}"`).length - 1;

/** The labels under the axis, and which of them a phone shows. */
function xLabels(html: string) {
  const spans = [...html.matchAll(/<span data-testid="chart-x-label" class="([^"]*)"[^>]*>([^<]*)<\/span>/g)];
  return {
    all: spans.map((m) => m[2]),
    onPhone: spans.filter((m) => !m[1]!.includes("max-sm:hidden")).map((m) => m[2]),
    wide: spans.filter((m) => !/(^| )sm:hidden/.test(m[1]!)).map((m) => m[2]),
  };
}

describe("the dashboard's revenue chart", () => {
  it("draws a one-day range as 24 hourly bars with hour labels and a rupee axis", () => {
    const hours = Array.from({ length: 24 }, (_, hour) => ({
      hour,
      orders: hour === 14 ? 2 : 0,
      revenuePaise: hour === 14 ? 45_000 : 0,
    }));
    const html = renderToStaticMarkup(
      <RevenueChart days={[{ date: "2025-03-15", orders: 2, revenuePaise: 45_000 }]} hours={hours} />,
    );
    expect(count(html, "chart-bar")).toBe(24);
    const labels = xLabels(html);
    expect(labels.onPhone).toEqual(["00:00", "06:00", "12:00", "18:00"]);
    expect(labels.wide).toHaveLength(12);
    expect(html).toMatch(/data-testid="chart-y-tick"[^>]*>₹0</);
    expect(html).toMatch(/data-testid="chart-y-tick"[^>]*>₹600</);
    expect(html).toContain("Revenue and orders per hour (IST)");
    expect(html).toContain(
      'aria-label="₹450 revenue and 2 orders on Mar 15, 2025, by IST hour; highest Mar 15, 2025 14:00–15:00: ₹450"',
    );
  });

  it("draws 30 days as daily bars, labels thinned out to fit a phone", () => {
    const days = Array.from({ length: 30 }, (_, i) => ({
      date: `2025-04-${String(i + 1).padStart(2, "0")}`,
      orders: i,
      revenuePaise: i * 10_000,
    }));
    const html = renderToStaticMarkup(<RevenueChart days={days} hours={null} />);
    expect(count(html, "chart-bar")).toBe(30);
    const labels = xLabels(html);
    expect(labels.onPhone).toEqual(["Apr 01", "Apr 07", "Apr 13", "Apr 19", "Apr 25"]);
    expect(labels.wide).toHaveLength(10);
    expect(count(html, "chart-y-tick")).toBeGreaterThanOrEqual(3);
    expect(html).toContain("₹43,500 revenue and 435 orders from Apr 01, 2025 to Apr 30, 2025");
  });

  it("still draws an axis when nothing sold", () => {
    const html = renderToStaticMarkup(
      <RevenueChart days={[{ date: "2025-03-15", orders: 0, revenuePaise: 0 }]} hours={null} />,
    );
    expect(count(html, "chart-y-tick")).toBe(2);
    expect(count(html, "chart-x-label")).toBe(1);
  });
});
