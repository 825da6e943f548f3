import { afterEach, describe, expect, it, vi } from "vitest";
import { wakeChangedCampaign } from "../../worker/domain/rewards/campaign-wake.ts";

/* A change to a campaign wakes its object; one that cannot be woken leaves the change stored and the scheduler to it. */
describe("waking a changed campaign's object", () => {
  afterEach(() => vi.restoreAllMocks());

  it("wakes the object of that campaign", async () => {
    const woken: string[] = [];
    await wakeChangedCampaign({ campaignObjects: { wake: async (campaignId) => void woken.push(campaignId) } }, "campaign-a");
    expect(woken).toEqual(["campaign-a"]);
  });

  it("logs an object it cannot reach, and does not fail the change", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const unreachable = { wake: () => Promise.reject(new Error("Durable Object unavailable")) };
    await expect(wakeChangedCampaign({ campaignObjects: unreachable }, "campaign-b")).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith(
      "Campaign campaign-b changed, but its object could not be woken; the scheduler will find it",
      expect.any(Error),
    );
  });
});
