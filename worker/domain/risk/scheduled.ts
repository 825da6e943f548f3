import type { Clock } from "../../clock.ts";
import {
  approveAutomaticallyStatements,
  clickDaysQuery,
  clickSourcesQuery,
  listReviewsDueForApproval,
  listUnscoredCommissions,
  recordScoresStatements,
  type ClickDayKey,
  type ClickSourceKey,
  type NewReview,
} from "../../db/risk-reviews.ts";
import { runBatch } from "../../db/query.ts";
import type { Database } from "../../database.ts";
import { utcDay } from "../analytics/event-rows.ts";
import { resolveClicks, type ResolvedClick } from "../referrals/resolve-clicks.ts";
import { isHeld, scoreCommission } from "./score.ts";

/**
 * The scheduler's risk steps (docs/decisions/047-risk-and-review.md), between the commission intake and the release:
 * new commissions are scored and either held for review or watched until their campaign's review window ends; the
 * watched ones whose window has ended are approved. Both read only what is due, through partial indexes; both are
 * conditional on the state they read, so two runs at once change each commission once.
 */

export type RiskLimits = { scoring: number; approval: number };
export const defaultRiskLimits: RiskLimits = { scoring: 200, approval: 500 };

export type RiskReport = { scored: number; held: number; approved: number };
export const emptyRiskReport: RiskReport = { scored: 0, held: 0, approved: 0 };

const HOUR_MS = 3_600_000;
const clickDayKeyOf = (key: ClickDayKey) => `${key.campaignId}\u0000${key.userId}\u0000${key.day}`;
const clickSourceKeyOf = (key: ClickSourceKey) => `${key.day}\u0000${key.campaignId}\u0000${key.source}`;

/**
 * Scores the oldest unscored commissions. The click that credited each one is read from its id while its window
 * lasts (without the key that opens click ids, or once the window is over, the click's timing is not judged).
 */
export async function scoreNewCommissions(
  deps: { db: Database; clock: Clock; encryptionKey?: string },
  limit = defaultRiskLimits.scoring,
): Promise<Pick<RiskReport, "scored" | "held">> {
  const rows = await listUnscoredCommissions(deps.db, limit);
  if (rows.length === 0) return { scored: 0, held: 0 };
  const now = deps.clock.now();
  const clickIds = rows.flatMap((row) => (row.click_id === null ? [] : [row.click_id]));
  const clicks =
    deps.encryptionKey === undefined || clickIds.length === 0
      ? new Map<string, ResolvedClick>()
      : await resolveClicks({ db: deps.db, clock: deps.clock, encryptionKey: deps.encryptionKey }, clickIds, now);
  const dayKeys = rows.map((row) => {
    const click = row.click_id === null ? undefined : clicks.get(row.click_id);
    return { campaignId: row.campaign_id, userId: row.creator_id, day: utcDay(click?.at ?? row.received_at) };
  });
  const sourceKeys: ClickSourceKey[] = [...clicks.values()].flatMap((click) => [
    { day: utcDay(click.at), campaignId: click.campaignId, source: `device:${click.deviceHash}` },
    { day: utcDay(click.at), campaignId: click.campaignId, source: `address:${click.addressHash}` },
  ]);
  const [dayRows, sourceRows] = await runBatch(deps.db, [clickDaysQuery(deps.db, dayKeys), clickSourcesQuery(deps.db, sourceKeys)]);
  const clicksByDay = new Map(
    dayRows.map((row) => [clickDayKeyOf({ campaignId: row.campaign_id, userId: row.user_id, day: row.day }), row.clicks]),
  );
  const clicksBySource = new Map(
    sourceRows.map((row) => [clickSourceKeyOf({ day: row.day, campaignId: row.campaign_id, source: row.source }), row.clicks]),
  );
  const sourceClicks = (click: { at: number; campaignId: string }, source: string) =>
    clicksBySource.get(clickSourceKeyOf({ day: utcDay(click.at), campaignId: click.campaignId, source })) ?? 0;

  const reviews: NewReview[] = rows.map((row, index) => {
    const click = row.click_id === null ? undefined : clicks.get(row.click_id);
    const dayKey = dayKeys[index] ?? { campaignId: row.campaign_id, userId: row.creator_id, day: utcDay(row.received_at) };
    const creatorClicksThatDay = clicksByDay.get(clickDayKeyOf(dayKey)) ?? 0;
    // Only the creator credited with the click can refer themselves: signed in on their own browser, on their own link.
    const clickFromCreatorDevice = click !== undefined && click.creatorUserId === row.creator_id && click.byCreator === true;
    const deviceClicksThatDay = click === undefined ? 0 : sourceClicks(click, `device:${click.deviceHash}`);
    const addressClicksThatDay = click === undefined ? 0 : sourceClicks(click, `address:${click.addressHash}`);
    const scored = scoreCommission({
      ownWallet: row.own_wallet === 1,
      convertedAt: row.received_at,
      click: click === undefined ? null : { at: click.at },
      creatorClicksThatDay,
      creatorJoinedAt: row.creator_joined_at,
      clickFromCreatorDevice,
      deviceClicksThatDay,
      addressClicksThatDay,
    });
    return {
      itemId: row.id,
      advertiserId: row.advertiser_id,
      campaignId: row.campaign_id,
      creatorId: row.creator_id,
      score: scored.score,
      reasons: scored.reasons,
      evidence: {
        eventId: row.event_id,
        convertedAt: row.received_at,
        clickId: row.click_id,
        clickAt: click?.at ?? null,
        ownWallet: row.own_wallet === 1,
        creatorClicksThatDay,
        clickFromCreatorDevice,
        deviceClicksThatDay,
        addressClicksThatDay,
        clickDay: dayKey.day,
        creatorJoinedAt: row.creator_joined_at,
        threshold: row.review_threshold,
      },
      status: isHeld(scored.score, row.review_threshold) ? "held" : "watching",
      scoredAt: now,
      dueAt: now + row.review_window_hours * HOUR_MS,
    };
  });
  await deps.db.batch(recordScoresStatements(deps.db, reviews));
  return { scored: reviews.length, held: reviews.filter((review) => review.status === "held").length };
}

/** Items below their threshold whose review window has ended are approved (and their commissions may be released). */
export async function approveDueReviews(deps: { db: Database; clock: Clock }, limit = defaultRiskLimits.approval): Promise<number> {
  const now = deps.clock.now();
  const due = await listReviewsDueForApproval(deps.db, now, limit);
  if (due.length === 0) return 0;
  const [approved] = await deps.db.batch(
    approveAutomaticallyStatements(
      deps.db,
      due.map((row) => row.item_id),
      now,
    ),
  );
  return approved?.meta.changes ?? 0;
}
