import type { Capabilities } from "../../capabilities.ts";
import type { AdHocNotification, AdHocNotificationResult } from "../../contracts/admin.ts";
import { AppError } from "../../contracts/errors.ts";
import { recordAudit } from "../../db/audit-log.ts";
import { isPublishedCampaign, notifyAdHocAudienceStatement } from "../../db/notification-fanout.ts";
import { findDedupeFamily } from "../../db/notifications.ts";

type Deps = Pick<Capabilities, "db" | "clock">;

/** Every notification of one send shares this prefix; the idempotency key holds no `:`, so prefixes never overlap. */
function dedupePrefixOf(idempotencyKey: string): string {
  return `ad-hoc:${idempotencyKey}:`;
}

function sameNotification(
  sent: { title: string; body: string; link: string | null; campaignId: string | null },
  input: AdHocNotification,
): boolean {
  const campaignId = input.audience.kind === "campaign" ? input.audience.campaignId : null;
  return sent.title === input.title && sent.body === input.message && sent.link === input.link && sent.campaignId === campaignId;
}

/**
 * Sends an admin's ad-hoc notification (`ad-hoc-notification`) to its audience in one statement. The same
 * Idempotency-Key again answers what the first call sent and notifies nobody; with other content it is refused.
 */
export async function sendAdHocNotification(
  { db, clock }: Deps,
  adminUserId: string,
  input: AdHocNotification,
  idempotencyKey: string,
): Promise<AdHocNotificationResult> {
  const dedupePrefix = dedupePrefixOf(idempotencyKey);
  const earlier = await findDedupeFamily(db, dedupePrefix);
  if (earlier !== null) {
    if (!sameNotification(earlier, input)) {
      throw new AppError(409, "idempotency_key_reused", "This Idempotency-Key was already used for another notification: send a new one.", [
        { loc: ["header", "Idempotency-Key"], msg: "was already used for another notification" },
      ]);
    }
    return { notified: earlier.sent, replayed: true };
  }
  if (input.audience.kind === "campaign" && !(await isPublishedCampaign(db, input.audience.campaignId))) {
    throw new AppError(400, "invalid_request", "audience.campaignId: there is no published campaign with this id", [
      { loc: ["body", "audience", "campaignId"], msg: "there is no published campaign with this id" },
    ]);
  }
  const now = clock.now();
  const result = await notifyAdHocAudienceStatement(db, {
    audience: input.audience,
    title: input.title,
    body: input.message,
    link: input.link,
    dedupePrefix,
    createdAt: now,
  }).run();
  // A concurrent call with the same key may have inserted some of them: the answer counts what the key sent.
  const notified = (await findDedupeFamily(db, dedupePrefix))?.sent ?? 0;
  await recordAudit(db, {
    action: "admin.notification.sent",
    actorUserId: adminUserId,
    subjectUserId: null,
    outcome: "allowed",
    detail: {
      idempotencyKey,
      audience: input.audience,
      title: input.title,
      link: input.link,
      notified: result.meta.changes,
    },
    at: now,
  });
  return { notified, replayed: false };
}
