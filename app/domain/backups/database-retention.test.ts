import { describe, expect, it } from "vitest";
import { backupsToDelete } from "./database-retention";

const HOUR = 3_600_000;
/** 2026-01-10 00:30 IST. */
const T0 = Date.UTC(2026, 0, 9, 19, 0);

function hourly(count: number, from = T0) {
  return Array.from({ length: count }, (_, i) => ({ name: `b${i}`, createdAt: from + i * HOUR }));
}

describe("backup retention", () => {
  it("keeps the last 48 hourly backups and one a day for 30 days", () => {
    const backups = hourly(24 * 40);
    const deleted = new Set(backupsToDelete(backups, { hourly: 48, daily: 30 }).map((b) => b.name));
    const kept = backups.filter((b) => !deleted.has(b.name));
    const newest = backups.at(-1)!.createdAt;
    // The last 48 hours whole.
    expect(kept.filter((b) => b.createdAt > newest - 48 * HOUR)).toHaveLength(48);
    // Older than that: one per IST day, the day's last (23:30 IST), for the rest of the 30 days.
    const older = kept.filter((b) => b.createdAt <= newest - 48 * HOUR);
    expect(older.length).toBe(30 - 2);
    for (const b of older) expect(new Date(b.createdAt + 5.5 * HOUR).getUTCHours()).toBe(23);
    expect(kept.length + deleted.size).toBe(backups.length);
  });

  it("keeps the newest of several backups taken in one hour", () => {
    const backups = [
      { name: "a", createdAt: T0 },
      { name: "b", createdAt: T0 + 60_000 },
      { name: "c", createdAt: T0 + 120_000 },
    ];
    expect(backupsToDelete(backups, { hourly: 48, daily: 30 }).map((b) => b.name)).toEqual(["b", "a"]);
  });

  it("never deletes the newest backup, even with a rule of nothing", () => {
    expect(backupsToDelete(hourly(3), { hourly: 0, daily: 0 }).map((b) => b.name)).toEqual(["b1", "b0"]);
    expect(backupsToDelete([], { hourly: 0, daily: 0 })).toEqual([]);
  });
});
