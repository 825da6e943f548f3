import { buildAdvertiser, buildCampaign, buildPartner, buildPost, buildUser } from "../../../fixtures/factories.ts";
import { noGuard } from "../../../worker/db/ledger.ts";
import * as advertiserDeposits from "../../../worker/db/advertiser-deposits.ts";
import * as advertiserMembers from "../../../worker/db/advertiser-members.ts";
import * as advertisers from "../../../worker/db/advertisers.ts";
import * as announcements from "../../../worker/db/announcements.ts";
import * as apiKeys from "../../../worker/db/api-keys.ts";
import * as attachments from "../../../worker/db/attachments.ts";
import * as attribution from "../../../worker/db/attribution.ts";
import * as auditLog from "../../../worker/db/audit-log.ts";
import * as campaignWeeks from "../../../worker/db/campaign-weeks.ts";
import * as campaigns from "../../../worker/db/campaigns.ts";
import * as commissions from "../../../worker/db/commissions.ts";
import * as conversions from "../../../worker/db/conversions.ts";
import * as feedback from "../../../worker/db/feedback.ts";
import * as funnelRollups from "../../../worker/db/funnel-rollups.ts";
import * as health from "../../../worker/db/health.ts";
import * as invitations from "../../../worker/db/invitations.ts";
import * as ledger from "../../../worker/db/ledger.ts";
import * as creatorPostCounts from "../../../worker/db/creator-post-counts.ts";
import * as memberships from "../../../worker/db/memberships.ts";
import * as mailedNotificationKinds from "../../../worker/db/mailed-notification-kinds.ts";
import * as notificationFanout from "../../../worker/db/notification-fanout.ts";
import * as notifications from "../../../worker/db/notifications.ts";
import * as oauthStates from "../../../worker/db/oauth-states.ts";
import * as oneTimeCodes from "../../../worker/db/one-time-codes.ts";
import * as partners from "../../../worker/db/partners.ts";
import * as payoutConfirmations from "../../../worker/db/payout-confirmations.ts";
import * as postMetrics from "../../../worker/db/post-metrics.ts";
import * as postRewards from "../../../worker/db/post-rewards.ts";
import * as postStatusChanges from "../../../worker/db/post-status-changes.ts";
import * as posts from "../../../worker/db/posts.ts";
import * as recoveryCodes from "../../../worker/db/recovery-codes.ts";
import * as leaderboards from "../../../worker/db/leaderboards.ts";
import * as referralLinks from "../../../worker/db/referral-links.ts";
import * as reports from "../../../worker/db/reports.ts";
import * as rewardCampaigns from "../../../worker/db/reward-campaigns.ts";
import * as riskReviews from "../../../worker/db/risk-reviews.ts";
import * as schedulerLeases from "../../../worker/db/scheduler-leases.ts";
import * as sessions from "../../../worker/db/sessions.ts";
import * as suggestions from "../../../worker/db/suggestions.ts";
import * as terms from "../../../worker/db/terms.ts";
import * as twoFactorSecrets from "../../../worker/db/two-factor-secrets.ts";
import * as users from "../../../worker/db/users.ts";
import * as wallets from "../../../worker/db/wallets.ts";
import * as withdrawals from "../../../worker/db/withdrawals.ts";
import * as blueskyOAuth from "../../../worker/db/networks/bluesky/oauth.ts";
import * as xCredentials from "../../../worker/db/networks/x/credentials.ts";
import * as networkAccounts from "../../../worker/db/network-accounts.ts";

/**
 * Every exported function of worker/db, called with plausible arguments, so that the plan check
 * (tests/worker/plans/query-plans.test.ts) sees every statement the db layer can send. A function whose SQL depends on its
 * arguments is called once per shape (filters present and absent, each guard, each audience). A module's exports that
 * send nothing are named in `sendsNoSql` with the reason; the check fails on an export found in neither list.
 */

type Call = (db: D1Database) => unknown;
type ModuleEntry = { calls: Record<string, Call>; sendsNoSql?: Record<string, string> };

const now = 1_800_000_000_000;
const hour = 3_600_000;
const day = 24 * hour;
const advertiser = buildAdvertiser("acme", now);
const creator = buildUser("ada", now);
const campaign = buildCampaign("launch", advertiser, "active", now);
const post = buildPost("first", campaign, creator, "evaluating", now);
const partner = buildPartner("north", now);
const evaluatingGuard = rewardCampaigns.stillEvaluatingGuard(campaign.id);
const withdrawalGuard = withdrawals.withdrawalStatusGuard("wd-1", ["pending"]);
const openWeekGuard = campaignWeeks.weekStillOpenGuard(campaign.id, 1);
const guards = [noGuard, evaluatingGuard, withdrawalGuard, openWeekGuard];
const notification = {
  userId: creator.id,
  eventType: "campaign-started" as const,
  title: "Started",
  body: "It started",
  link: "/campaigns/launch",
  campaignId: campaign.id,
  dedupeKey: `campaign-started:${campaign.id}:${creator.id}`,
  createdAt: now,
};
const reportScopes: reports.ReportScope[] = [
  { advertiserId: advertiser.id, campaignId: null, from: now - 30 * day, to: now, today: now, maxSpan: 90 * day },
  { advertiserId: advertiser.id, campaignId: campaign.id, from: null, to: null, today: now, maxSpan: 90 * day },
];
const loginParams = { utm_campaign: "spring", first_utm_source: "x", invite_id: "inv-1", page_path: "/" };
const wallet = { id: "wallet-1", userId: creator.id, type: "evm" as const, address: "0xAbC", addressKey: "0xabc", currency: "USDC" };

const apiKey = {
  id: "ak-1",
  advertiserId: advertiser.id,
  keyId: "key-id",
  secretHash: "secret-hash",
  label: "Server",
  createdBy: creator.id,
  createdAt: now,
};
const auditEntry = {
  action: "impersonation.start",
  actorUserId: "user-admin",
  subjectUserId: creator.id,
  outcome: "allowed" as const,
  detail: {},
  at: now,
};
const codeKey = { userId: creator.id, purpose: "withdrawal" as const, subjectId: "wd-1" };

export const statementCatalog: Record<string, ModuleEntry> = {
  "advertiser-deposits": {
    calls: {
      insertDeposit: (db) =>
        advertiserDeposits.insertDeposit(db, {
          id: "dep-1",
          advertiserId: advertiser.id,
          idempotencyKey: "key-1",
          amount: 1_000_000,
          currency: "USDC",
          status: "pending",
          failureReason: null,
          requestedBy: creator.id,
          createdAt: now,
          completedAt: null,
          creditedAt: null,
        }),
      findDepositByKey: (db) => advertiserDeposits.findDepositByKey(db, advertiser.id, "key-1"),
      depositsOfAdvertiserQuery: (db) => advertiserDeposits.depositsOfAdvertiserQuery(db, advertiser.id),
      listPendingDeposits: (db) => advertiserDeposits.listPendingDeposits(db, 20),
      markDepositCreditedStatement: (db) => advertiserDeposits.markDepositCreditedStatement(db, "dep-1", now, now),
      markDepositFailedStatement: (db) => advertiserDeposits.markDepositFailedStatement(db, "dep-1", "declined"),
    },
  },
  "advertiser-members": {
    calls: {
      insertMemberStatement: (db) =>
        advertiserMembers.insertMemberStatement(db, {
          advertiserId: advertiser.id,
          userId: creator.id,
          role: "member",
          invitedBy: null,
          createdAt: now,
        }),
      memberQuery: (db) => advertiserMembers.memberQuery(db, advertiser.id, creator.id),
      findMember: (db) => advertiserMembers.findMember(db, advertiser.id, creator.id),
      membershipsOfUserQuery: (db) => advertiserMembers.membershipsOfUserQuery(db, creator.id),
      membersQuery: (db) => advertiserMembers.membersQuery(db, advertiser.id),
      listMembers: (db) => advertiserMembers.listMembers(db, advertiser.id),
      deleteMemberKeepingAnOwner: (db) => advertiserMembers.deleteMemberKeepingAnOwner(db, advertiser.id, creator.id),
      countOwners: (db) => advertiserMembers.countOwners(db, advertiser.id),
      insertMemberInvitation: (db) =>
        advertiserMembers.insertMemberInvitation(db, {
          id: "minv-1",
          advertiserId: advertiser.id,
          tokenHash: "hash",
          inviteeHandle: "ada",
          inviteeNetwork: "x",
          invitedBy: creator.id,
          expiresAt: now + day,
          acceptedBy: null,
          acceptedAt: null,
          revokedAt: null,
          createdAt: now,
        }),
      findMemberInvitationByTokenHash: (db) => advertiserMembers.findMemberInvitationByTokenHash(db, "hash"),
      findMemberInvitation: (db) => advertiserMembers.findMemberInvitation(db, advertiser.id, "minv-1"),
      pendingMemberInvitationsQuery: (db) => advertiserMembers.pendingMemberInvitationsQuery(db, advertiser.id, now),
      listPendingMemberInvitations: (db) => advertiserMembers.listPendingMemberInvitations(db, advertiser.id, now),
      revokeMemberInvitation: (db) => advertiserMembers.revokeMemberInvitation(db, advertiser.id, "minv-1", now),
      acceptMemberInvitation: (db) =>
        advertiserMembers.acceptMemberInvitation(
          db,
          { id: "minv-1", advertiserId: advertiser.id, invitedBy: "user-owner" },
          creator.id,
          "member",
          now,
        ),
      isMemberOfAnyAdvertiser: (db) => advertiserMembers.isMemberOfAnyAdvertiser(db, creator.id),
    },
  },
  advertisers: {
    calls: {
      insertAdvertiserStatement: (db) => advertisers.insertAdvertiserStatement(db, advertiser),
      advertiserBySlugQuery: (db) => advertisers.advertiserBySlugQuery(db, advertiser.slug),
      findAdvertiserBySlug: (db) => advertisers.findAdvertiserBySlug(db, advertiser.slug),
      advertiserQuery: (db) => advertisers.advertiserQuery(db, advertiser.id),
      findAdvertiser: (db) => advertisers.findAdvertiser(db, advertiser.id),
      insertNewAdvertiser: (db) => advertisers.insertNewAdvertiser(db, advertiser),
    },
  },
  "funnel-rollups": {
    calls: {
      markRollupMessagesStatement: (db) => funnelRollups.markRollupMessagesStatement(db, ["msg-1", "msg-2"], "delivery-1", now),
      rollupEventsStatements: (db) =>
        funnelRollups.rollupEventsStatements(
          db,
          [
            {
              messageId: "msg-1",
              name: "landing_viewed",
              deviceId: "device-1",
              advertiserId: advertiser.id,
              campaignId: null,
              utmCampaign: "spring",
              day: "2027-01-15",
            },
            {
              messageId: "msg-1",
              name: "sign_in_clicked",
              deviceId: "device-1",
              advertiserId: null,
              campaignId: campaign.id,
              utmCampaign: null,
              day: "2027-01-15",
            },
          ],
          "delivery-1",
        ),
      deleteRollupMessagesBefore: (db) => funnelRollups.deleteRollupMessagesBefore(db, now - 7 * day, 500),
      funnelRowsQuery: (db) => [
        funnelRollups.funnelRowsQuery(db, { advertiserId: advertiser.id, campaignId: null }),
        funnelRollups.funnelRowsQuery(db, { advertiserId: advertiser.id, campaignId: campaign.id }),
        funnelRollups.funnelRowsQuery(db, {
          advertiserId: advertiser.id,
          campaignId: null,
          days: { from: "2027-01-01", to: "2027-01-31" },
        }),
        funnelRollups.funnelRowsQuery(db, { advertiserId: null, campaignId: null }),
      ],
      listFunnelRows: (db) => funnelRollups.listFunnelRows(db, { advertiserId: advertiser.id, campaignId: null }),
    },
  },
  announcements: {
    calls: {
      insertAnnouncementStatement: (db) =>
        announcements.insertAnnouncementStatement(db, {
          id: "announce-key-1",
          audience: { kind: "all-creators" },
          title: "Hello",
          body: "News",
          link: null,
          createdBy: creator.id,
          createdAt: now,
        }),
      findAnnouncement: (db) => announcements.findAnnouncement(db, "announce-key-1"),
      listUnfinishedAnnouncements: (db) => announcements.listUnfinishedAnnouncements(db, 5),
      announcementPageStatements: (db) =>
        (["all-creators", "campaign"] as const).map((audience) =>
          announcements.announcementPageStatements(db, { announcementId: "announce-key-1", audience, pageSize: 1000, now }),
        ),
    },
    sendsNoSql: { announcementDedupePrefix: "builds the dedupe key prefix of an announcement's notifications" },
  },
  "api-keys": {
    calls: {
      insertApiKeyStatement: (db) => apiKeys.insertApiKeyStatement(db, apiKey),
      insertApiKey: (db) => apiKeys.insertApiKey(db, apiKey),
      apiKeysQuery: (db) => apiKeys.apiKeysQuery(db, advertiser.id),
      listApiKeys: (db) => apiKeys.listApiKeys(db, advertiser.id),
      findApiKeyByKeyId: (db) => apiKeys.findApiKeyByKeyId(db, "key-id"),
      findApiKey: (db) => apiKeys.findApiKey(db, advertiser.id, "ak-1"),
      revokeApiKey: (db) => apiKeys.revokeApiKey(db, advertiser.id, "ak-1", now),
      touchApiKeyStatement: (db) => apiKeys.touchApiKeyStatement(db, "ak-1", now, 60_000),
    },
  },
  attachments: {
    calls: {
      deleteUnusedAttachmentsBefore: (db) => attachments.deleteUnusedAttachmentsBefore(db, now - 7 * day, 500),
      findAttachments: (db) => attachments.findAttachments(db, ["att-1", "att-2"]),
      listAttachmentsOfPost: (db) => attachments.listAttachmentsOfPost(db, post.id),
      claimAttachments: (db) => attachments.claimAttachments(db, post.id, creator.id, ["att-1"]),
      releaseAttachmentsStatement: (db) => attachments.releaseAttachmentsStatement(db, post.id),
      insertAttachmentWithinQuota: (db) =>
        attachments.insertAttachmentWithinQuota(
          db,
          {
            id: "att-1",
            userId: creator.id,
            postId: null,
            r2Key: "uploads/att-1",
            contentType: "image/png",
            sizeBytes: 1000,
            createdAt: now,
          },
          { max: 20, since: now - day },
        ),
      deleteUnusedAttachment: (db) => attachments.deleteUnusedAttachment(db, "att-1"),
    },
  },
  attribution: {
    calls: {
      upsertAttributionStatement: (db) => attribution.upsertAttributionStatement(db, creator.id, loginParams, now),
      findCarriedInvitationId: (db) => attribution.findCarriedInvitationId(db, creator.id),
    },
  },
  "audit-log": {
    calls: {
      recordAuditStatement: (db) => auditLog.recordAuditStatement(db, auditEntry),
      recordAudit: (db) => auditLog.recordAudit(db, auditEntry),
      countSpoofingFailure: (db) =>
        auditLog.countSpoofingFailure(db, { sourceHash: "source", hourStart: now - (now % hour), reason: "bad-signature", at: now }),
    },
  },
  "campaign-weeks": {
    calls: {
      closedWeeks: (db) => campaignWeeks.closedWeeks(db, [campaign.id]),
      weekHasEvaluatingPosts: (db) => campaignWeeks.weekHasEvaluatingPosts(db, campaign.id, 1),
      markBonusPostsStatement: (db) => campaignWeeks.markBonusPostsStatement(db, campaign.id, 1, [post.id], now),
      closeWeekStatement: (db) => campaignWeeks.closeWeekStatement(db, campaign.id, 1, 1, now),
      countClosedWeeks: (db) => campaignWeeks.countClosedWeeks(db, campaign.id),
    },
    sendsNoSql: {
      weekKey: "builds a key of a campaign week in memory",
      weekStillOpenGuard: "a condition other statements carry (collected through them, e.g. insertEntryStatement)",
    },
  },
  campaigns: {
    calls: {
      joinedAnyCampaignQuery: (db) => campaigns.joinedAnyCampaignQuery(db, creator.id, ["active", "ending"]),
      insertCampaignStatement: (db) => campaigns.insertCampaignStatement(db, campaign),
      currentCampaignCardsQuery: (db) => [
        campaigns.currentCampaignCardsQuery(db),
        campaigns.currentCampaignCardsQuery(db, { notJoinedBy: creator.id, limit: 6 }),
      ],
      pastCampaignCardsQuery: (db) => [
        campaigns.pastCampaignCardsQuery(db, { limit: 25 }),
        campaigns.pastCampaignCardsQuery(db, { before: { endsAt: now, id: campaign.id }, limit: 25 }),
      ],
      upcomingCampaignCardsQuery: (db) => campaigns.upcomingCampaignCardsQuery(db, now),
      advertiserCurrentCampaignCardsQuery: (db) => [campaigns.advertiserCurrentCampaignCardsQuery(db, advertiser.slug)],
      listJoinedCampaigns: (db) => campaigns.listJoinedCampaigns(db, creator.id, ["active", "ending"]),
      joinedCampaignCardsQuery: (db) => campaigns.joinedCampaignCardsQuery(db, creator.id, ["evaluated"]),
      findCampaignListing: (db) => campaigns.findCampaignListing(db, campaign.id),
      campaignCardQuery: (db) => campaigns.campaignCardQuery(db, campaign.id),
      invitedCampaignCardQuery: (db) => campaigns.invitedCampaignCardQuery(db, "public-token"),
      campaignCardByPreviewTokenQuery: (db) => campaigns.campaignCardByPreviewTokenQuery(db, "preview-launch"),
      advertiserCampaignCardsQuery: (db) => campaigns.advertiserCampaignCardsQuery(db, advertiser.id),
      advertiserCampaignCardQuery: (db) => campaigns.advertiserCampaignCardQuery(db, advertiser.id, campaign.id),
      findAdvertiserCampaign: (db) => campaigns.findAdvertiserCampaign(db, advertiser.id, campaign.id),
      updateCampaignStatement: (db) => campaigns.updateCampaignStatement(db, campaign.id, campaign, now),
      publishCampaignStatement: (db) => campaigns.publishCampaignStatement(db, campaign.id, now),
      setCampaignImageStatement: (db) => campaigns.setCampaignImageStatement(db, campaign.id, "https://img.example/a.png", now),
      setPreviewTokenStatement: (db) => campaigns.setPreviewTokenStatement(db, campaign.id, "preview-2", now),
    },
    sendsNoSql: { toCampaign: "shapes a campaign row in memory" },
  },
  commissions: {
    calls: {
      commissionProgramQuery: (db) => commissions.commissionProgramQuery(db, advertiser.id, campaign.id),
      commissionRulesQuery: (db) => commissions.commissionRulesQuery(db, campaign.id),
      saveCommissionSettingsStatements: (db) =>
        commissions.saveCommissionSettingsStatements(
          db,
          campaign.id,
          3,
          [{ eventType: "purchase", fixedAmount: null, shareBps: 1000, minValue: null, creatorWeeklyCap: null, campaignCap: null }],
          now,
        ),
      listEventsDueForCommission: (db) => commissions.listEventsDueForCommission(db, 500),
      commissionTermsQuery: (db) => commissions.commissionTermsQuery(db, [campaign.id]),
      commissionUsageQuery: (db) =>
        commissions.commissionUsageQuery(db, [{ campaignId: campaign.id, eventType: "purchase", creatorId: creator.id, week: 1 }]),
      commissionsOfEventsQuery: (db) => commissions.commissionsOfEventsQuery(db, [{ advertiserId: advertiser.id, eventId: "sale-1" }]),
      insertCommissionsStatement: (db) =>
        commissions.insertCommissionsStatement(
          db,
          [
            {
              id: "com-1",
              advertiserId: advertiser.id,
              eventId: "sale-1",
              campaignId: campaign.id,
              creatorId: creator.id,
              eventType: "purchase",
              currency: "USDC",
              amount: 5,
              createdAt: now,
              availableAt: now + 3 * day,
            },
          ],
          "chg-1",
        ),
      addCommissionUsageStatements: (db) =>
        commissions.addCommissionUsageStatements(
          db,
          [{ campaignId: campaign.id, eventType: "purchase", creatorId: creator.id, week: 1, commissionId: "com-1", amount: 5, cap: 10 }],
          "chg-1",
        ),
      reverseCommissionsStatement: (db) =>
        commissions.reverseCommissionsStatement(db, [{ id: "com-1", from: "pending", reversalEventId: "refund-1", debt: 0 }], "chg-2", now),
      noteBudgetShortStatement: (db) => commissions.noteBudgetShortStatement(db, [{ campaignId: campaign.id, count: 1 }], now),
      clearBudgetShortStatement: (db) => commissions.clearBudgetShortStatement(db, campaign.id, now),
      markEventsLookedAtStatement: (db) =>
        commissions.markEventsLookedAtStatement(db, [{ advertiserId: advertiser.id, eventId: "sale-1" }]),
      listCommissionsDueForRelease: (db) => commissions.listCommissionsDueForRelease(db, now, 500),
      releaseCommissionsStatement: (db) => commissions.releaseCommissionsStatement(db, ["com-1"], "chg-3", now),
      listCommissionDebts: (db) => commissions.listCommissionDebts(db, 200),
      recoverDebtsStatement: (db) => commissions.recoverDebtsStatement(db, [{ id: "com-1", recoveredBefore: 0, amount: 1 }], "chg-4"),
      creatorCommissionsQuery: (db) => commissions.creatorCommissionsQuery(db, creator.id, 50),
    },
    sendsNoSql: {
      changedCommissionGuard: "a condition other statements carry (collected through insertEntriesStatement)",
    },
  },
  "risk-reviews": {
    calls: {
      riskSettingsQuery: (db) => riskReviews.riskSettingsQuery(db, advertiser.id, campaign.id),
      saveRiskSettingsStatement: (db) =>
        riskReviews.saveRiskSettingsStatement(db, advertiser.id, campaign.id, { reviewThreshold: 70, reviewWindowHours: 48 }, now),
      listUnscoredCommissions: (db) => riskReviews.listUnscoredCommissions(db, 200),
      clickDaysQuery: (db) => riskReviews.clickDaysQuery(db, [{ campaignId: campaign.id, userId: creator.id, day: "2027-01-15" }]),
      recordScoresStatements: (db) =>
        riskReviews.recordScoresStatements(db, [
          {
            itemId: "com-1",
            advertiserId: advertiser.id,
            campaignId: campaign.id,
            creatorId: creator.id,
            score: 80,
            reasons: [{ signal: "own-wallet", points: 80, text: "Own wallet." }],
            evidence: { ownWallet: true },
            status: "held",
            scoredAt: now,
            dueAt: now + 48 * hour,
          },
        ]),
      listReviewsDueForApproval: (db) => riskReviews.listReviewsDueForApproval(db, now, 500),
      approveAutomaticallyStatements: (db) => riskReviews.approveAutomaticallyStatements(db, ["com-1"], now),
      heldReviewsQuery: (db) => riskReviews.heldReviewsQuery(db, advertiser.id, 100),
      decidedReviewsQuery: (db) => riskReviews.decidedReviewsQuery(db, advertiser.id, 50),
      reviewsOfItemsQuery: (db) => riskReviews.reviewsOfItemsQuery(db, advertiser.id, ["com-1"]),
      decideReviewsStatements: (db) => [
        ...riskReviews.decideReviewsStatements(db, {
          advertiserId: advertiser.id,
          itemIds: ["com-1"],
          decision: "approve",
          reason: null,
          userId: creator.id,
          changeId: "chg-5",
          now,
        }),
        ...riskReviews.decideReviewsStatements(db, {
          advertiserId: advertiser.id,
          itemIds: ["com-1"],
          decision: "reject",
          reason: "Own wallet",
          userId: creator.id,
          changeId: "chg-6",
          now,
        }),
      ],
      creatorReviewsQuery: (db) => riskReviews.creatorReviewsQuery(db, creator.id, ["com-1"]),
      campaignRiskSettingsQuery: (db) => riskReviews.campaignRiskSettingsQuery(db, campaign.id),
      clickSourcesQuery: (db) =>
        riskReviews.clickSourcesQuery(db, [{ day: "2027-01-15", campaignId: campaign.id, source: "device:0123456789abcdef" }]),
      postEvidenceQuery: (db) => riskReviews.postEvidenceQuery(db, ["post-1", "post-2"]),
      recordPostReviewsStatement: (db) =>
        riskReviews.recordPostReviewsStatement(
          db,
          [
            {
              itemId: "post-1",
              advertiserId: advertiser.id,
              campaignId: campaign.id,
              creatorId: creator.id,
              score: 85,
              reasons: [{ signal: "copied-text", points: 30, text: "Copied." }],
              evidence: { week: 1 },
              status: "held",
              scoredAt: now,
              dueAt: now + 48 * hour,
            },
          ],
          { sql: `EXISTS (SELECT 1 FROM campaigns WHERE id = ? AND status = 'evaluating')`, params: [campaign.id] },
        ),
      decidedPostsStatement: (db) =>
        riskReviews.decidedPostsStatement(db, { changeId: "chg-7", itemIds: ["post-1"], approved: false, now }),
    },
    sendsNoSql: {
      decidedReviewGuard: "a condition other statements carry (collected through insertEntriesStatement and insertNotificationsStatement)",
    },
  },
  conversions: {
    calls: {
      storeConversionBatch: (db) =>
        conversions.storeConversionBatch(
          db,
          advertiser.id,
          [
            {
              eventId: "conv-1",
              type: "deposit",
              walletAddress: wallet.address,
              addressKey: wallet.addressKey,
              chain: "evm",
              value: 10,
              currency: "USDC",
              occurredAt: now,
              metadata: null,
              clickId: "clk_click-1",
              customerId: "customer-1",
              orderId: "order-1",
              reversesEventId: null,
              campaignId: campaign.id,
              creatorId: creator.id,
              via: "click",
            },
          ],
          now,
        ),
    },
    sendsNoSql: { withoutCredit: "shapes an event in memory" },
  },
  feedback: {
    calls: {
      insertFeedbackStatement: (db) =>
        feedback.insertFeedbackStatement(db, { id: "fb-1", userId: creator.id, content: "Nice", pagePath: "/", createdAt: now }),
      feedbackInboxQuery: (db) => [
        feedback.feedbackInboxQuery(db, "open", 50),
        feedback.feedbackInboxQuery(db, "handled", 50),
        feedback.feedbackInboxQuery(db, "all", 50),
      ],
      findFeedbackInboxItem: (db) => feedback.findFeedbackInboxItem(db, "fb-1"),
      feedbackCountsQuery: (db) => feedback.feedbackCountsQuery(db),
      markFeedbackRead: (db) => feedback.markFeedbackRead(db, "fb-1", now),
      markFeedbackHandled: (db) => feedback.markFeedbackHandled(db, "fb-1", "user-admin", now),
    },
  },
  health: { calls: { pingDatabase: (db) => health.pingDatabase(db) } },
  invitations: {
    calls: {
      insertCreatorInvitationStatement: (db) =>
        invitations.insertCreatorInvitationStatement(
          db,
          {
            id: "inv-2",
            publicToken: "creator-token",
            campaignId: campaign.id,
            createdAt: now,
            expiresAt: now + 14 * day,
            maxUses: 10,
            inviterUserId: creator.id,
          },
          { perDay: 5, dayAgo: now - day },
        ),
      usableCreatorInvitationQuery: (db) => invitations.usableCreatorInvitationQuery(db, creator.id, campaign.id, now),
      creatorInvitationsMadeSinceQuery: (db) => invitations.creatorInvitationsMadeSinceQuery(db, creator.id, now - day),
      joinedThroughQuery: (db) => invitations.joinedThroughQuery(db, creator.id, campaign.id, 50),
      insertInvitationStatement: (db) =>
        invitations.insertInvitationStatement(db, {
          id: "inv-1",
          publicToken: "public-token",
          campaignId: campaign.id,
          inviterUserId: creator.id,
          inviterAdvertiserId: null,
          createdAt: now,
          expiresAt: null,
        }),
      invitationWithInviterQuery: (db) => invitations.invitationWithInviterQuery(db, "public-token"),
      findInvitationByToken: (db) => invitations.findInvitationByToken(db, "public-token"),
      findInvitation: (db) => invitations.findInvitation(db, "inv-1"),
      campaignInvitationsQuery: (db) => invitations.campaignInvitationsQuery(db, campaign.id),
      listCampaignInvitations: (db) => invitations.listCampaignInvitations(db, campaign.id),
      revokeCampaignInvitation: (db) => invitations.revokeCampaignInvitation(db, campaign.id, "inv-1", now),
      countInvitationUseStatement: (db) => invitations.countInvitationUseStatement(db, "inv-1", now),
      abortUnlessCountedStatement: (db) => invitations.abortUnlessCountedStatement(db, "inv-1"),
    },
  },
  ledger: {
    calls: {
      insertAccountsStatement: (db) =>
        ledger.insertAccountsStatement(
          db,
          [{ id: "creator-available:ada:USDC", ownerId: creator.id, kind: "creator-available", currency: "USDC", period: 0 }],
          now,
        ),
      insertEntryStatement: (db) =>
        guards.map((guard) =>
          ledger.insertEntryStatement(
            db,
            {
              idempotencyKey: "reward:launch:week:1:part:0",
              kind: "reward",
              memo: "Week 1",
              lines: [
                { accountId: "campaign-pool:launch:w1:USDC", amount: -5 },
                { accountId: "creator-available:ada:USDC", amount: 5 },
              ],
              createdAt: now,
            },
            guard,
          ),
        ),
      findEntryByKey: (db) => ledger.findEntryByKey(db, "reward:launch:week:1:part:0"),
      ownerBalancesQuery: (db) => ledger.ownerBalancesQuery(db, advertiser.id, "advertiser-funding"),
      accountBalances: (db) => ledger.accountBalances(db, ["creator-available:ada:USDC"]),
      userBalancesQuery: (db) => ledger.userBalancesQuery(db, creator.id),
      insertEntriesStatement: (db) =>
        ledger.insertEntriesStatement(
          db,
          [
            {
              idempotencyKey: "commission-release:com-1",
              kind: "commission-release",
              memo: "Commission validated",
              ref: "com-1",
              lines: [
                { accountId: "creator-commission-pending:ada:USDC", amount: -5 },
                { accountId: "creator-available:ada:USDC", amount: 5 },
              ],
              createdAt: now,
            },
          ],
          commissions.changedCommissionGuard("chg-1"),
        ),
    },
  },
  "mailed-notification-kinds": {
    calls: {
      listMailedNotificationKinds: (db) => mailedNotificationKinds.listMailedNotificationKinds(db, creator.id),
      replaceMailedNotificationKindsStatements: (db) =>
        mailedNotificationKinds.replaceMailedNotificationKindsStatements(db, creator.id, ["campaign-started"]),
      findMailRecipient: (db) => mailedNotificationKinds.findMailRecipient(db, creator.id, "campaign-started"),
    },
  },
  "notification-fanout": {
    calls: {
      notifyFirstRewardBadgesStatement: (db) =>
        notificationFanout.notifyFirstRewardBadgesStatement(db, {
          campaignId: campaign.id,
          userIds: [creator.id],
          title: "Badge",
          body: "Your first rewarded post",
          link: "/profile",
          createdAt: now,
        }),
      insertNotificationsStatement: (db) => [
        notificationFanout.insertNotificationsStatement(db, [notification]),
        notificationFanout.insertNotificationsStatement(db, [{ ...notification, ref: "com-1" }], riskReviews.decidedReviewGuard("chg-5")),
      ],
      notifyCampaignAudienceStatement: (db) =>
        (["participants", "posters", "posters-without-eligible-posts"] as const).map((audience) =>
          notificationFanout.notifyCampaignAudienceStatement(db, {
            campaignId: campaign.id,
            audience,
            eventType: "campaign-started",
            title: "Started",
            body: "It started",
            link: "/campaigns/launch",
            dedupePrefix: `campaign-started:${campaign.id}`,
            createdAt: now,
          }),
        ),
      creatorCountQuery: (db) => notificationFanout.creatorCountQuery(db),
      recentCampaignAudiencesQuery: (db) => [
        notificationFanout.recentCampaignAudiencesQuery(db, { limit: 21 }),
        notificationFanout.recentCampaignAudiencesQuery(db, { afterId: campaign.id, limit: 21 }),
      ],
      campaignAudiencesByTitleQuery: (db) => [
        notificationFanout.campaignAudiencesByTitleQuery(db, { titleStartsWith: "Launch", limit: 21 }),
        notificationFanout.campaignAudiencesByTitleQuery(db, { titleStartsWith: "Launch", afterId: campaign.id, limit: 21 }),
      ],
      isPublishedCampaign: (db) => notificationFanout.isPublishedCampaign(db, campaign.id),
    },
    sendsNoSql: {
      notificationAudiencesOf: "shapes the answers of creatorCountQuery and recentCampaignAudiencesQuery in memory",
      campaignAudiencePageOf: "cuts rows read into a page and its cursor in memory",
    },
  },
  notifications: {
    calls: {
      markNotificationReadByKeyStatement: (db) => notifications.markNotificationReadByKeyStatement(db, "terms-and-conditions:t-1:ada", now),
      deleteReadNotificationsBefore: (db) => notifications.deleteReadNotificationsBefore(db, now - 90 * day, 500),
      insertNotificationStatement: (db) => [
        notifications.insertNotificationStatement(db, notification),
        notifications.insertNotificationStatement(db, notification, withdrawalGuard),
      ],
      listRecentNotifications: (db) => notifications.listRecentNotifications(db, creator.id, 20),
      payoutsToConfirmQuery: (db) => notifications.payoutsToConfirmQuery(db, creator.id, 20),
      markNotificationRead: (db) => notifications.markNotificationRead(db, creator.id, "ntf-1", now),
      markAllNotificationsRead: (db) => notifications.markAllNotificationsRead(db, creator.id, now),
      countUnreadNotifications: (db) => notifications.countUnreadNotifications(db, creator.id),
      findDedupeFamily: (db) => notifications.findDedupeFamily(db, "ad-hoc:1:"),
    },
  },
  "oauth-states": {
    calls: {
      insertOAuthState: (db) =>
        oauthStates.insertOAuthState(db, {
          stateHash: "state-hash",
          network: "x",
          flow: "read",
          codeVerifier: "verifier",
          browserBindingHash: "binding",
          redirectUri: "http://127.0.0.1/auth/x/callback",
          loginParams,
          createdAt: now,
          expiresAt: now + 600_000,
        }),
      deleteExpiredOAuthStates: (db) => oauthStates.deleteExpiredOAuthStates(db, now, 100),
      takeOAuthState: (db) => oauthStates.takeOAuthState(db, "state-hash"),
    },
  },
  "one-time-codes": {
    calls: {
      deleteExpiredCodes: (db) => oneTimeCodes.deleteExpiredCodes(db, now - day, 500),
      replaceCode: (db) =>
        oneTimeCodes.replaceCode(
          db,
          {
            id: "code-1",
            userId: creator.id,
            purpose: "withdrawal",
            subjectId: "wd-1",
            target: null,
            codeSalt: "salt",
            codeHash: "hash",
            linkTokenHash: "link-hash",
            createdAt: now,
            expiresAt: now + 900_000,
          },
          now - 60_000,
        ),
      findCode: (db) => oneTimeCodes.findCode(db, codeKey),
      findCodeByLinkTokenHash: (db) => oneTimeCodes.findCodeByLinkTokenHash(db, "link-hash"),
      spendCode: (db) => oneTimeCodes.spendCode(db, "code-1", { now, maxWrongAttempts: 5 }),
      recordWrongCode: (db) => oneTimeCodes.recordWrongCode(db, "code-1", 5),
      deleteCode: (db) => oneTimeCodes.deleteCode(db, codeKey),
    },
  },
  "creator-post-counts": {
    calls: {
      postCountsByStatusQuery: (db) => creatorPostCounts.postCountsByStatusQuery(db, creator.id),
      postCountsByCampaignAndStatusQuery: (db) => [
        creatorPostCounts.postCountsByCampaignAndStatusQuery(db, creator.id),
        creatorPostCounts.postCountsByCampaignAndStatusQuery(db, creator.id, { campaignId: campaign.id }),
      ],
    },
  },
  memberships: {
    calls: {
      joinCampaignStatements: (db) => memberships.joinCampaignStatements(db, campaign.id, creator.id, now, "inv-1"),
      joinedCampaignIdsAmong: (db) => memberships.joinedCampaignIdsAmong(db, creator.id, [campaign.id]),
      joinedCampaignIdsQuery: (db) => memberships.joinedCampaignIdsQuery(db, creator.id),
      countJoinedCampaignsQuery: (db) => memberships.countJoinedCampaignsQuery(db, creator.id),
      postedCampaignsQuery: (db) => memberships.postedCampaignsQuery(db, creator.id, 50),
      listJoinedOpenCampaigns: (db) => memberships.listJoinedOpenCampaigns(db, creator.id, ["active", "ending"], now),
    },
  },
  partners: {
    calls: {
      partnersQuery: (db) => partners.partnersQuery(db),
      partnerHostnamesQuery: (db) => partners.partnerHostnamesQuery(db),
      listPartners: (db) => partners.listPartners(db),
      findBrandByHostname: (db) => partners.findBrandByHostname(db, "north.example"),
      replacePartnerStatements: (db) => partners.replacePartnerStatements(db, partner, ["north.example"]),
      listHostnamesOfPartner: (db) => partners.listHostnamesOfPartner(db, partner.id),
      hostnamesHeldByOthers: (db) => partners.hostnamesHeldByOthers(db, partner.id, ["north.example"]),
      findThemeOwner: (db) => partners.findThemeOwner(db, "north", partner.id),
      findPartner: (db) => partners.findPartner(db, partner.id),
      isPartnerHostname: (db) => partners.isPartnerHostname(db, "north.example"),
    },
  },
  "payout-confirmations": {
    calls: {
      claimEligiblePosts: (db) => payoutConfirmations.claimEligiblePosts(db, { campaignId: campaign.id, userId: creator.id, now }),
      hasConfirmedPayout: (db) => payoutConfirmations.hasConfirmedPayout(db, campaign.id, creator.id),
    },
  },
  "post-metrics": {
    calls: {
      trackPostsStatement: (db) => postMetrics.trackPostsStatement(db, [post.id], { now, firstPollAfter: 15 * 60_000 }),
      findDuePosts: (db) => postMetrics.findDuePosts(db, { now, limit: 10_000 }),
      leaseReadGroups: (db) =>
        postMetrics.leaseReadGroups(db, {
          now,
          leaseUntil: now + 120_000,
          pullAheadUntil: now + 30 * 60_000,
          owners: [{ userId: creator.id, network: "x", batchSize: 100 }],
          ownerPostLimit: 10_000,
          postIds: [post.id],
        }),
      findLeasedPosts: (db) => postMetrics.findLeasedPosts(db, [post.id], now + 120_000),
      findPollTargets: (db) => postMetrics.findPollTargets(db, [post.id], now + 120_000),
      recordPolledMetricsStatement: (db) =>
        postMetrics.recordPolledMetricsStatement(
          db,
          [
            {
              postId: post.id,
              leaseUntil: now + 120_000,
              impressions: 10,
              likes: 1,
              reposts: 0,
              replies: 0,
              quotes: 0,
              bookmarks: 0,
              score: 12,
              readText: "#ad read back",
              paidPartnership: true,
              polls: 1,
              nextPollAt: now + hour,
            },
          ],
          now,
        ),
      recordFailedPollsStatement: (db) =>
        postMetrics.recordFailedPollsStatement(
          db,
          [{ postId: post.id, leaseUntil: now + 120_000, failures: 1, error: "timeout", nextPollAt: now + 300_000 }],
          now,
        ),
      releaseLeasesStatement: (db) => postMetrics.releaseLeasesStatement(db, [post.id], now + 120_000),
      stopTrackingStatement: (db) => postMetrics.stopTrackingStatement(db, [post.id], now, "deleted on X"),
      listPostsReadyToMature: (db) => postMetrics.listPostsReadyToMature(db, { now, grace: day, limit: 500 }),
      recordMaturedStatement: (db) => postMetrics.recordMaturedStatement(db, [{ postId: post.id, score: 12 }], now),
      countBonusCandidates: (db) => postMetrics.countBonusCandidates(db, campaign.id, 1),
      topBonusCandidates: (db) => postMetrics.topBonusCandidates(db, campaign.id, 1, 10),
      countPostsAwaitingMaturity: (db) => postMetrics.countPostsAwaitingMaturity(db, campaign.id),
    },
  },
  "post-rewards": {
    calls: {
      insertPostRewardsStatement: (db) =>
        postRewards.insertPostRewardsStatement(db, {
          campaignId: campaign.id,
          currency: "USDC",
          rewards: [{ postId: post.id, userId: creator.id, poolAmount: 5, bonusAmount: 0 }],
          now,
          guard: evaluatingGuard,
        }),
      listClaimedPosts: (db) => postRewards.listClaimedPosts(db, { campaignId: campaign.id, afterId: "", limit: 2000 }),
      markSpentRewardsPaidStatement: (db) =>
        postRewards.markSpentRewardsPaidStatement(db, {
          userId: creator.id,
          currency: "USDC",
          paidOutAccountId: "creator-paid-out:ada:USDC",
          now,
          guard: withdrawalGuard,
        }),
    },
  },
  "post-status-changes": {
    calls: {
      changePostStatusesStatement: (db) => [
        postStatusChanges.changePostStatusesStatement(db, {
          changes: [{ postId: post.id, status: "eligible", reasons: [] }],
          from: ["evaluating"],
          now,
        }),
        postStatusChanges.changePostStatusesStatement(db, {
          changes: [{ postId: post.id, status: "eligible-bonus" }],
          from: ["eligible"],
          now,
          guard: openWeekGuard,
        }),
      ],
      expireUnclaimedStatements: (db) => postStatusChanges.expireUnclaimedStatements(db, campaign.id, now, evaluatingGuard),
    },
  },
  posts: {
    calls: {
      insertPostStatement: (db) => posts.insertPostStatement(db, post),
      postSummariesQuery: (db) => posts.postSummariesQuery(db, creator.id, campaign.id, 50),
      findPost: (db) => posts.findPost(db, post.id),
      findPostByClientRequest: (db) =>
        posts.findPostByClientRequest(db, { campaignId: campaign.id, userId: creator.id, clientRequestId: "request-1" }),
      insertPostIfNew: (db) => posts.insertPostIfNew(db, post),
      markPostPublished: (db) =>
        posts.markPostPublished(db, post.id, { networkPostId: "x-post-1", postedAt: now }, { now, firstPollAfter: 15 * 60_000 }),
      listStaleReservations: (db) => posts.listStaleReservations(db, now - 600_000, 50),
      oldestPendingReservationWith: (db) => posts.oldestPendingReservationWith(db, post),
      recordedNetworkPostIds: (db) => posts.recordedNetworkPostIds(db, ["x-post-1"]),
      deleteUnpublishedPost: (db) => posts.deleteUnpublishedPost(db, post.id),
      isCampaignParticipant: (db) => posts.isCampaignParticipant(db, campaign.id, creator.id),
    },
  },
  "recovery-codes": {
    calls: {
      replaceRecoveryCodesStatements: (db) => recoveryCodes.replaceRecoveryCodesStatements(db, creator.id, ["h1", "h2"], now),
      deleteRecoveryCodesStatement: (db) => recoveryCodes.deleteRecoveryCodesStatement(db, creator.id),
      spendRecoveryCode: (db) => recoveryCodes.spendRecoveryCode(db, creator.id, "h1", now),
      countUnusedRecoveryCodes: (db) => recoveryCodes.countUnusedRecoveryCodes(db, creator.id),
    },
  },
  leaderboards: {
    calls: {
      leaderboardQuery: (db) => [
        leaderboards.leaderboardQuery(db, campaign.id, "score", { week: null, now, limit: 10 }),
        leaderboards.leaderboardQuery(db, campaign.id, "conversions", { week: 2, now, limit: 10 }),
      ],
    },
  },
  "referral-links": {
    calls: {
      creatorClicksQuery: (db) => referralLinks.creatorClicksQuery(db, campaign.id, creator.id),
      referralLinkViewQuery: (db) => referralLinks.referralLinkViewQuery(db, campaign.id, creator.id),
      insertReferralLinkStatement: (db) => referralLinks.insertReferralLinkStatement(db, "0123456789ab", campaign.id, creator.id, now),
      findReferralLinkTargets: (db) => referralLinks.findReferralLinkTargets(db, ["0123456789ab", "ba9876543210"]),
      countDeliveredClicksStatements: (db) =>
        referralLinks.countDeliveredClicksStatements(
          db,
          [
            {
              messageId: "message-1",
              campaignId: campaign.id,
              userId: creator.id,
              day: "2027-01-15",
              sources: ["device:0123456789abcdef", "address:fedcba9876543210"],
            },
          ],
          "delivery-1",
        ),
      findCustomerAttributions: (db) => referralLinks.findCustomerAttributions(db, advertiser.id, ["customer-1", "customer-2"], now),
      rememberCustomersStatement: (db) =>
        referralLinks.rememberCustomersStatement(
          db,
          advertiser.id,
          [
            {
              customerId: "customer-1",
              clickId: "clk_click-1",
              campaignId: campaign.id,
              creatorUserId: creator.id,
              expiresAt: now + day,
            },
          ],
          now,
        ),
      findRecentOrders: (db) => referralLinks.findRecentOrders(db, advertiser.id, ["order-1"], now),
      deleteExpiredOrders: (db) => referralLinks.deleteExpiredOrders(db, now, 500),
      deleteExpiredCustomers: (db) => referralLinks.deleteExpiredCustomers(db, now, 500),
      deleteClickSourcesBefore: (db) => referralLinks.deleteClickSourcesBefore(db, "2026-10-15", 500),
      findReferralSettings: (db) => referralLinks.findReferralSettings(db, advertiser.id, campaign.id),
      updateReferralSettingsStatement: (db) =>
        referralLinks.updateReferralSettingsStatement(
          db,
          advertiser.id,
          campaign.id,
          { destinationUrl: "https://shop.example/", clickIdParam: "chorus_click_id", attributionWindowDays: 30 },
          now,
        ),
    },
  },
  reports: {
    calls: {
      reportRangeQuery: (db) => reportScopes.map((scope) => reports.reportRangeQuery(db, scope)),
      reportPostDaysQuery: (db) => reportScopes.map((scope) => reports.reportPostDaysQuery(db, scope)),
      reportSpendDaysQuery: (db) => reportScopes.map((scope) => reports.reportSpendDaysQuery(db, scope)),
      reportConversionDaysQuery: (db) => reportScopes.map((scope) => reports.reportConversionDaysQuery(db, scope)),
      reportTopCreatorsQuery: (db) => reportScopes.map((scope) => reports.reportTopCreatorsQuery(db, scope)),
      reportNetworkDaysQuery: (db) => reportScopes.map((scope) => reports.reportNetworkDaysQuery(db, scope)),
      reportScopeNetworksQuery: (db) => [
        reports.reportScopeNetworksQuery(db, advertiser.id, campaign.id),
        reports.reportScopeNetworksQuery(db, advertiser.id, null),
      ],
      reportApiUsageQuery: (db) => reports.reportApiUsageQuery(db, advertiser.id, campaign.id),
      reportCampaignQuery: (db) => [
        reports.reportCampaignQuery(db, advertiser.id, campaign.id),
        reports.reportCampaignQuery(db, advertiser.id, null),
      ],
      reportCampaignsQuery: (db) => reports.reportCampaignsQuery(db, advertiser.id),
    },
  },
  "reward-campaigns": {
    calls: {
      rewardCampaignQuery: (db) => rewardCampaigns.rewardCampaignQuery(db, campaign.id),
      findRewardCampaign: (db) => rewardCampaigns.findRewardCampaign(db, campaign.id),
      findCampaignDue: (db) => rewardCampaigns.findCampaignDue(db, campaign.id),
      listDueCampaignIds: (db) => rewardCampaigns.listDueCampaignIds(db, now, 24 * hour, 100),
      setWeeksDueStatement: (db) => [
        rewardCampaigns.setWeeksDueStatement(db, campaign.id, now + hour, now),
        rewardCampaigns.setWeeksDueStatement(db, campaign.id, null, now),
      ],
      moveCampaignStatement: (db) => [
        rewardCampaigns.moveCampaignStatement(db, { campaignId: campaign.id, from: "active", to: "ending", now }),
        rewardCampaigns.moveCampaignStatement(db, { campaignId: campaign.id, from: "evaluating", to: "evaluated", now, health: "good" }),
      ],
      markFundedStatement: (db) => rewardCampaigns.markFundedStatement(db, campaign.id, now),
      recordHealthStatement: (db) =>
        rewardCampaigns.recordHealthStatement(db, [{ campaignId: campaign.id, health: "good", dueAt: now + hour }], now),
      campaignPacingFacts: (db) => rewardCampaigns.campaignPacingFacts(db, [campaign.id]),
    },
    sendsNoSql: { stillEvaluatingGuard: "a condition other statements carry (collected through insertPostRewardsStatement and others)" },
  },
  "scheduler-leases": {
    calls: {
      acquireLease: (db) => schedulerLeases.acquireLease(db, { name: "evaluate:launch", holder: "run-1", now, durationMs: 60_000 }),
      releaseLease: (db) => schedulerLeases.releaseLease(db, "evaluate:launch", "run-1"),
    },
  },
  sessions: {
    calls: {
      deleteExpiredSessions: (db) => sessions.deleteExpiredSessions(db, now, 500),
      deleteRevokedSessions: (db) => sessions.deleteRevokedSessions(db, now - day, 500),
      deleteExpiredRefreshTokens: (db) => sessions.deleteExpiredRefreshTokens(db, now, 500),
      insertSessionStatement: (db) =>
        sessions.insertSessionStatement(db, {
          id: "session-1",
          userId: creator.id,
          realUserId: null,
          cookieSecretHash: "secret-hash",
          createdAt: now,
          expiresAt: now + 30 * day,
        }),
      findSession: (db) => sessions.findSession(db, "session-1"),
      sessionNotRevokedQuery: (db) => sessions.sessionNotRevokedQuery(db, "session-1"),
      revokeSession: (db) => sessions.revokeSession(db, "session-1", "signed out", now),
      insertRefreshTokenStatement: (db) =>
        sessions.insertRefreshTokenStatement(db, { tokenHash: "token-hash", sessionId: "session-1", createdAt: now, expiresAt: now + day }),
      // The recorder answers "nothing spent", so the second statement (the replay check) is collected too.
      spendRefreshToken: (db) => sessions.spendRefreshToken(db, { tokenHash: "token-hash", sessionId: "session-1" }, now),
    },
  },
  suggestions: {
    calls: {
      insertSuggestionStatement: (db) =>
        suggestions.insertSuggestionStatement(db, { id: "sug-1", campaignId: campaign.id, text: "Try this", position: 0 }),
      suggestionsQuery: (db) => suggestions.suggestionsQuery(db, campaign.id),
      listSuggestions: (db) => suggestions.listSuggestions(db, campaign.id),
      deleteSuggestionsStatement: (db) => suggestions.deleteSuggestionsStatement(db, campaign.id),
    },
  },
  terms: {
    calls: {
      insertTermsVersionStatement: (db) =>
        terms.insertTermsVersionStatement(db, {
          id: "t-1",
          effectiveDate: "2026-12-01",
          summary: "New terms",
          publishedBy: creator.id,
          publishedAt: now,
          idempotencyKey: "terms-key",
        }),
      closeOlderFanOutsStatement: (db) => terms.closeOlderFanOutsStatement(db, "t-1", now),
      findTermsByKey: (db) => terms.findTermsByKey(db, "terms-key"),
      findTerms: (db) => terms.findTerms(db, "t-1"),
      latestTermsQuery: (db) => terms.latestTermsQuery(db),
      latestTermsForUserQuery: (db) => terms.latestTermsForUserQuery(db, creator.id),
      acceptanceQuery: (db) => terms.acceptanceQuery(db, creator.id, "t-1"),
      insertAcceptanceStatement: (db) => terms.insertAcceptanceStatement(db, creator.id, "t-1", now),
      listUnfinishedFanOuts: (db) => terms.listUnfinishedFanOuts(db, 10),
      termsFanOutPageStatements: (db) =>
        terms.termsFanOutPageStatements(db, {
          termsId: "t-1",
          title: "New terms",
          body: "Read them",
          link: "/articles/terms",
          pageSize: 1000,
          now,
        }),
    },
    sendsNoSql: { termsNotificationDedupePrefix: "builds the dedupe key's prefix from the version id" },
  },
  "two-factor-secrets": {
    calls: {
      findTwoFactorSecret: (db) => twoFactorSecrets.findTwoFactorSecret(db, creator.id),
      startTwoFactorSetup: (db) => twoFactorSecrets.startTwoFactorSetup(db, { userId: creator.id, secretEncrypted: "secret", now }),
      acceptTwoFactorStepStatement: (db) =>
        twoFactorSecrets.acceptTwoFactorStepStatement(db, { userId: creator.id, step: 60_000_000, now, verify: true }),
      clearTwoFactorAttemptsStatement: (db) => twoFactorSecrets.clearTwoFactorAttemptsStatement(db, creator.id),
      recordWrongTwoFactorCode: (db) =>
        twoFactorSecrets.recordWrongTwoFactorCode(db, { userId: creator.id, maxWrongAttempts: 5, lockUntil: now + 900_000 }),
      deleteTwoFactorSecretStatement: (db) => twoFactorSecrets.deleteTwoFactorSecretStatement(db, creator.id),
    },
  },
  users: {
    calls: {
      insertUserStatements: (db) => users.insertUserStatements(db, creator, ["creator"]),
      accountQuery: (db) => users.accountQuery(db, creator.id),
      findAccount: (db) => users.findAccount(db, creator.id),
      findUserIdByIdOrHandle: (db) => [users.findUserIdByIdOrHandle(db, creator.id), users.findUserIdByIdOrHandle(db, "@ada")],
      hasRoleQuery: (db) => users.hasRoleQuery(db, creator.id, "admin"),
      userHasRole: (db) => users.userHasRole(db, creator.id, "creator"),
      signupNetworkQuery: (db) => users.signupNetworkQuery(db, creator.id),
      findUserHandle: (db) => users.findUserHandle(db, creator.id),
      listAdvertisersOfJoinedCampaigns: (db) => users.listAdvertisersOfJoinedCampaigns(db, creator.id),
      updateBasicSettingsStatement: (db) =>
        users.updateBasicSettingsStatement(db, creator.id, {
          displayName: "Ada L.",
          preferredAdvertiserId: advertiser.id,
          leaderboardHidden: true,
          now,
        }),
      setVerifiedEmail: (db) => users.setVerifiedEmail(db, creator.id, "ada@example.com", now),
      setTwoFactorFlagsStatement: (db) => users.setTwoFactorFlagsStatement(db, creator.id, { enabled: true, verified: false, now }),
    },
    sendsNoSql: {
      signupAccountOf: "spells users.signup_account from a network and a subject",
      parseSignupAccount: "splits users.signup_account into its network and subject",
    },
  },
  wallets: {
    calls: {
      insertWallet: (db) => wallets.insertWallet(db, { ...wallet, createdAt: now }),
      findWallet: (db) => wallets.findWallet(db, creator.id, wallet.id),
      listWallets: (db) => [wallets.listWallets(db, creator.id), wallets.listWallets(db, creator.id, "USDC")],
      countWithdrawalsInFlight: (db) => wallets.countWithdrawalsInFlight(db, wallet.id),
      removeWalletUnlessInFlight: (db) => wallets.removeWalletUnlessInFlight(db, creator.id, wallet.id, now),
      insertChallenge: (db) =>
        wallets.insertChallenge(db, {
          nonce: "nonce",
          walletId: wallet.id,
          userId: creator.id,
          message: "Sign",
          expiresAt: now + 600_000,
          createdAt: now,
        }),
      findChallenge: (db) => wallets.findChallenge(db, creator.id, wallet.id, "nonce"),
      latestChallenge: (db) => wallets.latestChallenge(db, creator.id, wallet.id),
      spendChallengeAndVerify: (db) =>
        wallets.spendChallengeAndVerify(db, { nonce: "nonce", walletId: wallet.id, userId: creator.id }, now),
    },
  },
  withdrawals: {
    calls: {
      findWithdrawalById: (db) => withdrawals.findWithdrawalById(db, "wd-1"),
      insertWithdrawalStatement: (db) =>
        withdrawals.insertWithdrawalStatement(db, {
          id: "wd-1",
          userId: creator.id,
          walletId: wallet.id,
          currency: "USDC",
          amount: 1_000_000,
          secondFactor: "email",
          idempotencyKey: "key-1",
          requestedFrom: { pagePath: "/", trigger: "withdraw" },
          createdAt: now,
          expiresAt: now + 900_000,
        }),
      findWithdrawal: (db) => withdrawals.findWithdrawal(db, creator.id, "wd-1"),
      findWithdrawalByKey: (db) => withdrawals.findWithdrawalByKey(db, creator.id, "key-1"),
      listWithdrawals: (db) => [
        withdrawals.listWithdrawals(db, { userId: creator.id, limit: 20 }),
        withdrawals.listWithdrawals(db, { userId: creator.id, currency: "USDC", limit: 20 }),
      ],
      listExpiredVerifying: (db) => withdrawals.listExpiredVerifying(db, now, 50),
      listPendingWithdrawals: (db) => withdrawals.listPendingWithdrawals(db, 20),
      moveWithdrawalStatement: (db) =>
        (["unexpired", "expired", undefined] as const).map((expiry) =>
          withdrawals.moveWithdrawalStatement(db, {
            withdrawalId: "wd-1",
            from: ["verifying"],
            to: "cancelled",
            now,
            reason: "You cancelled it",
            expiry,
          }),
        ),
      recordWrongCode: (db) => withdrawals.recordWrongCode(db, "wd-1", now),
      recordRailPayout: (db) => withdrawals.recordRailPayout(db, "wd-1", "payout-1", now),
      touchPendingWithdrawal: (db) => withdrawals.touchPendingWithdrawal(db, "wd-1", now),
      recordCodeSent: (db) => withdrawals.recordCodeSent(db, "wd-1", now),
    },
    sendsNoSql: {
      withdrawalStatusGuard: "a condition other statements carry (collected through notifications.insertNotificationStatement)",
    },
  },
  "networks/bluesky/oauth": {
    calls: {
      findBlueskySession: (db) => blueskyOAuth.findBlueskySession(db, "did:plc:ewvi7nxzyoun6zhxrhs64oiz"),
      saveBlueskySession: (db) =>
        blueskyOAuth.saveBlueskySession(db, "did:plc:ewvi7nxzyoun6zhxrhs64oiz", "http://127.0.0.1:8787", "sealed", now),
      deleteBlueskySession: (db) => blueskyOAuth.deleteBlueskySession(db, "did:plc:ewvi7nxzyoun6zhxrhs64oiz"),
      saveBlueskyOAuthState: (db) => blueskyOAuth.saveBlueskyOAuthState(db, "state-key", "sealed", now + 600_000),
      findBlueskyOAuthState: (db) => blueskyOAuth.findBlueskyOAuthState(db, "state-key", now),
      deleteBlueskyOAuthState: (db) => blueskyOAuth.deleteBlueskyOAuthState(db, "state-key"),
      deleteExpiredBlueskyOAuthStates: (db) => blueskyOAuth.deleteExpiredBlueskyOAuthStates(db, now, 500),
    },
  },
  "network-accounts": {
    calls: {
      findNetworkAccountBySubject: (db) => networkAccounts.findNetworkAccountBySubject(db, "bluesky", "did:plc:ewvi7nxzyoun6zhxrhs64oiz"),
      findNetworkAccountOfUser: (db) => networkAccounts.findNetworkAccountOfUser(db, "bluesky", creator.id),
      findUserIdByNetworkHandle: (db) => networkAccounts.findUserIdByNetworkHandle(db, "bluesky", "ada.bsky.social"),
      linkNetworkAccount: (db) =>
        networkAccounts.linkNetworkAccount(
          db,
          { network: "bluesky", subject: "did:plc:ewvi7nxzyoun6zhxrhs64oiz", userId: creator.id, handle: "ada.bsky.test" },
          now,
        ),
      createUserForNetworkAccount: (db) =>
        networkAccounts.createUserForNetworkAccount(
          db,
          { network: "bluesky", subject: "did:plc:kqd2ttwc6qtfbfbgvwfkrvdl", handle: "bea.bsky.test", name: "Bea", avatarUrl: null },
          now,
        ),
      signInWithNetworkAccount: (db) =>
        networkAccounts.signInWithNetworkAccount(
          db,
          { network: "x", subject: "1600000000000000001", handle: "ada", name: "Ada", avatarUrl: null },
          now,
        ),
      listLinkedAccounts: (db) => networkAccounts.listLinkedAccounts(db, creator.id),
    },
  },
  "networks/x/credentials": {
    calls: {
      findXCredentials: (db) => xCredentials.findXCredentials(db, creator.id),
      saveXCredentials: async (db) => {
        const credentials = {
          userId: creator.id,
          scopes: ["tweet.read", "tweet.write"],
          accessTokenEncrypted: "access",
          refreshTokenEncrypted: "refresh",
          accessExpiresAt: now + hour,
          updatedAt: now,
        };
        await xCredentials.saveXCredentials(db, credentials);
        await xCredentials.saveXCredentials(db, credentials, { updatedAt: now - hour });
      },
    },
  },
};

/** The modules of worker/db that send no statement of their own. */
export const modulesWithoutStatements: Record<string, string> = {
  query: "runs and batches statements the table modules build (their statements are collected through those modules)",
};
