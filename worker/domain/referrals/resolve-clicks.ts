import type { Capabilities } from "../../capabilities.ts";
import { CLICK_ID } from "../../contracts/referrals.ts";
import { openClickId, type OpenedClick } from "./click-ids.ts";
import { linkTargetsOf } from "./link-targets.ts";

/** A click read from its id, with the campaign, account and creator its link stands for. */
export type ResolvedClick = OpenedClick & { campaignId: string; advertiserId: string; creatorUserId: string };

/**
 * The clicks of `clickIds` still in their attribution window, by id: each opened from its id (click-ids.ts), its
 * link's campaign and creator from the remembered links or one D1 read for the batch. An id that is not a click id's
 * form, or that this worker did not make, is unknown.
 */
export async function resolveClicks(
  caps: Pick<Capabilities, "db" | "clock" | "encryptionKey">,
  clickIds: readonly string[],
  now: number,
): Promise<Map<string, ResolvedClick>> {
  const wellFormed = [...new Set(clickIds)].filter((clickId) => CLICK_ID.test(clickId));
  const opened = (await Promise.all(wellFormed.map((clickId) => openClickId(caps.encryptionKey, clickId)))).filter(
    (click): click is OpenedClick => click !== null && click.expiresAt > now,
  );
  const resolved = new Map<string, ResolvedClick>();
  if (opened.length === 0) return resolved;
  const targets = await linkTargetsOf(
    caps,
    opened.map((click) => click.code),
  );
  for (const click of opened) {
    const target = targets.get(click.code);
    if (target === undefined) continue;
    resolved.set(click.clickId, {
      ...click,
      campaignId: target.campaign_id,
      advertiserId: target.advertiser_id,
      creatorUserId: target.user_id,
    });
  }
  return resolved;
}
