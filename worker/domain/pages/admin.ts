import type { Capabilities } from "../../capabilities.ts";
import { FEEDBACK_INBOX_LIMIT, type AdminPage } from "../../contracts/admin.ts";
import { feedbackCountsQuery, feedbackInboxQuery } from "../../db/feedback.ts";
import { campaignAudiencesQuery, creatorCountQuery, notificationAudiencesOf } from "../../db/notification-fanout.ts";
import { runBatch } from "../../db/query.ts";
import { hasRoleQuery } from "../../db/users.ts";
import { adminsOnly } from "../admin/require-admin.ts";

/**
 * `/admin`, for admins only (anyone else gets a 403), in one round trip: the open feedback and the audiences of the
 * notification form.
 */
export async function adminPage(
  { db, clock, timings }: Pick<Capabilities, "db" | "clock" | "timings">,
  userId: string,
): Promise<AdminPage> {
  const [isAdmin, items, counts, allCreators, campaigns] = await timings.measure("q-admin", () =>
    runBatch(db, [
      hasRoleQuery(db, userId, "admin"),
      feedbackInboxQuery(db, "open", FEEDBACK_INBOX_LIMIT),
      feedbackCountsQuery(db),
      creatorCountQuery(db),
      campaignAudiencesQuery(db),
    ]),
  );
  // What a non-admin's read finds is dropped before anything is answered.
  if (!isAdmin) throw adminsOnly();
  return { feedback: { items, counts }, audiences: notificationAudiencesOf(allCreators, campaigns), now: clock.now() };
}
