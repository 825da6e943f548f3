import type { Capabilities } from "../capabilities.ts";
import type { CurrentUser } from "../contracts/current-user.ts";
import { currentCampaignStatuses } from "../contracts/vocabulary.ts";
import { joinedAnyCampaignQuery } from "../db/campaigns.ts";
import { runBatch } from "../db/query.ts";
import { currentUserFor } from "../domain/accounts/current-user.ts";
import type { SignedInSession } from "../contracts/current-user.ts";

/**
 * What every document needs before its first byte: who is signed in (null for visitors and ended accounts), and
 * whether they have a running campaign to post to, so that the header's New Post is rendered as it will work (a tap
 * on it before the page is interactive is replayed then: docs/decisions/031-no-tap-lost.md). Its reads go out in the
 * same D1 batch as the page's data (worker/db/query.ts), so they have no Server-Timing entry of their own.
 */
export async function documentUser(
  capabilities: Pick<Capabilities, "db">,
  session: SignedInSession | null,
): Promise<{ currentUser: CurrentUser | null; hasCurrentCampaign: boolean }> {
  if (session === null) return { currentUser: null, hasCurrentCampaign: false };
  const [currentUser, [hasCurrentCampaign]] = await Promise.all([
    currentUserFor(capabilities, session),
    runBatch(capabilities.db, [joinedAnyCampaignQuery(capabilities.db, session.userId, currentCampaignStatuses)]),
  ]);
  return { currentUser, hasCurrentCampaign: currentUser !== null && hasCurrentCampaign };
}
