import type { Capabilities } from "../../capabilities.ts";
import { CAMPAIGN_AUDIENCES_PAGE_SIZE, type CampaignAudiencePage } from "../../contracts/admin.ts";
import { campaignAudiencePageOf, campaignAudiencesByTitleQuery, recentCampaignAudiencesQuery } from "../../db/notification-fanout.ts";
import { runQuery } from "../../db/query.ts";

/**
 * The notification form's campaign picker, a page at a time: the most recently published campaigns, or those whose
 * title starts with `q`, each with how many creators joined it. Reads one page (and one row to know there is more).
 */
export async function campaignAudiencePage(
  { db }: Pick<Capabilities, "db">,
  input: { q?: string; after?: string },
): Promise<CampaignAudiencePage> {
  const limit = CAMPAIGN_AUDIENCES_PAGE_SIZE + 1;
  const after = input.after === undefined ? {} : { afterId: input.after };
  const q = input.q ?? "";
  const rows = await runQuery(
    q === ""
      ? recentCampaignAudiencesQuery(db, { ...after, limit })
      : campaignAudiencesByTitleQuery(db, { titleStartsWith: q, ...after, limit }),
  );
  return campaignAudiencePageOf(rows, CAMPAIGN_AUDIENCES_PAGE_SIZE);
}
