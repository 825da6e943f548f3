import type { Capabilities } from "../../capabilities.ts";

/**
 * After a change that can make something of a campaign due sooner (published, funded, its dates moved), its object is
 * woken to run its due work and set its alarm from the new facts, so the campaign starts on time instead of when the
 * scheduler next finds it (within a minute). The change is already stored: a wake that fails is logged and left to
 * the scheduler, which finds every campaign due and not done.
 */
export async function wakeChangedCampaign(caps: Pick<Capabilities, "campaignObjects">, campaignId: string): Promise<void> {
  try {
    await caps.campaignObjects.wake(campaignId);
  } catch (error) {
    console.warn(`Campaign ${campaignId} changed, but its object could not be woken; the scheduler will find it`, error);
  }
}
