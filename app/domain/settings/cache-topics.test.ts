import { describe, expect, it } from "vitest";
import { text } from "./define";
import { SETTINGS } from "./registry";
import { cachesChangedBy } from "./store.server";

/** What saving settings changes for the page cache and the settings copy, by their declarations (ADR 0021). */
describe("the caches a saved setting changes", () => {
  it("drops the pages showing a shown setting, and every instance's settings copy", () => {
    expect(cachesChangedBy([SETTINGS.brandName])).toEqual({ topics: ["settings"], settingsCopy: true });
    expect(cachesChangedBy([SETTINGS.retentionDays, SETTINGS.cancellationFeePercent])).toEqual({
      topics: ["settings"],
      settingsCopy: true,
    });
  });

  it("moves only the settings copy for a setting of the copy no page shows", () => {
    for (const setting of [SETTINGS.backupIntervalHours, SETTINGS.autoSendPaidOrders, SETTINGS.upiId]) {
      expect(cachesChangedBy([setting]), setting.key).toEqual({ topics: [], settingsCopy: true });
    }
  });

  it("changes nothing for a secret or a setting no page shows and the copy does not hold", () => {
    const secret = text("SOME_API_KEY", "API key", { secret: true });
    const note = text("SOME_NOTE", "Last note", { required: false });
    expect(cachesChangedBy([secret])).toEqual({ topics: [], settingsCopy: false });
    expect(cachesChangedBy([note])).toEqual({ topics: [], settingsCopy: false });
  });

  it("declares no site secret shown on a page", () => {
    const shownSecrets = Object.values(SETTINGS).filter((setting) => setting.secret && setting.publicTopic);
    expect(shownSecrets.map((setting) => setting.key)).toEqual([]);
  });
});
