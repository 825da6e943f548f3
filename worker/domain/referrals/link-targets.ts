import type { Capabilities } from "../../capabilities.ts";
import { findReferralLinkTargets, type ReferralLinkTarget } from "../../db/referral-links.ts";
import { keepBounded } from "../../isolate-memory.ts";

/**
 * Links by code, remembered by the isolate for a few seconds (docs/decisions/050-clicks-off-the-visit-path.md): a link
 * shared in a popular post is visited many times a second, and a visit then reads nothing from D1. A change to a
 * campaign's destination, window or status reaches visits in other isolates within `TTL_MS`; the isolate that made the
 * change forgets the campaign's links at once (`forgetLinkTargetsOf`). A code that is no link is not remembered.
 */
const TTL_MS = 10_000;
const MAX_ENTRIES = 10_000;
const remembered = new Map<string, { target: ReferralLinkTarget; until: number }>();

/** The links of `codes` (those that exist), from memory while fresh, the rest in one D1 read. */
export async function linkTargetsOf(
  caps: Pick<Capabilities, "db" | "clock">,
  codes: readonly string[],
): Promise<Map<string, ReferralLinkTarget>> {
  const now = caps.clock.now();
  const found = new Map<string, ReferralLinkTarget>();
  const missing: string[] = [];
  for (const code of new Set(codes)) {
    const entry = remembered.get(code);
    if (entry !== undefined && entry.until > now) found.set(code, entry.target);
    else missing.push(code);
  }
  for (const target of await findReferralLinkTargets(caps.db, missing)) {
    keepBounded(remembered, target.code, { target, until: now + TTL_MS }, MAX_ENTRIES);
    found.set(target.code, target);
  }
  return found;
}

/** Forgets the remembered links of a campaign whose referral settings or status this isolate just changed. */
export function forgetLinkTargetsOf(campaignId: string): void {
  for (const [code, entry] of remembered) if (entry.target.campaign_id === campaignId) remembered.delete(code);
}
