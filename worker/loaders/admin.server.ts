import type { Capabilities } from "../capabilities.ts";
import { CAMPAIGN_AUDIENCES_PAGE_SIZE, FEEDBACK_INBOX_LIMIT, type AdminPage } from "../contracts/admin.ts";
import { feedbackCountsQuery, feedbackInboxQuery } from "../db/feedback.ts";
import {
  campaignAudiencePageOf,
  creatorCountQuery,
  notificationAudiencesOf,
  recentCampaignAudiencesQuery,
} from "../db/notification-fanout.ts";
import { partnerHostnamesQuery, partnersQuery, type Partner } from "../db/partners.ts";
import { runBatch } from "../db/query.ts";
import { layoutForBrand } from "../contracts/brand.ts";
import type { AdminPartner } from "../contracts/partners.ts";
import { hasRoleQuery } from "../db/users.ts";
import { adminsOnly } from "../domain/admin/require-admin.ts";

/** Each partner with its hostnames and the layout its theme gets on this deployment. */
function adminPartnersOf(
  partners: readonly Partner[],
  hostnames: readonly { partner_id: string; hostname: string }[],
  dedicatedBrands: readonly string[],
): AdminPartner[] {
  return partners.map((partner) => ({
    id: partner.id,
    theme: partner.theme,
    displayName: partner.displayName,
    primaryColor: partner.primaryColor,
    accentColor: partner.accentColor,
    logoUrl: partner.logoUrl,
    hostnames: hostnames.filter((row) => row.partner_id === partner.id).map((row) => row.hostname),
    layout: layoutForBrand(partner.theme, dedicatedBrands),
  }));
}

/**
 * `/admin`, for admins only (anyone else gets a 403), in one round trip: the open feedback, the audiences of the
 * notification form (the first page of its campaign picker) and the partners.
 */
export async function adminPage(
  { db, clock, timings, config }: Pick<Capabilities, "db" | "clock" | "timings" | "config">,
  userId: string,
): Promise<AdminPage> {
  const [isAdmin, items, counts, allCreators, campaigns, partners, hostnames] = await timings.measure("q-admin", () =>
    runBatch(db, [
      hasRoleQuery(db, userId, "admin"),
      feedbackInboxQuery(db, "open", FEEDBACK_INBOX_LIMIT),
      feedbackCountsQuery(db),
      creatorCountQuery(db),
      recentCampaignAudiencesQuery(db, { limit: CAMPAIGN_AUDIENCES_PAGE_SIZE + 1 }),
      partnersQuery(db),
      partnerHostnamesQuery(db),
    ]),
  );
  // What a non-admin's read finds is dropped before anything is answered.
  if (!isAdmin) throw adminsOnly();
  return {
    feedback: { items, counts },
    audiences: notificationAudiencesOf(allCreators, campaignAudiencePageOf(campaigns, CAMPAIGN_AUDIENCES_PAGE_SIZE)),
    partners: adminPartnersOf(partners, hostnames, config.dedicatedBrands),
    now: clock.now(),
  };
}
