/**
 * Risk scores (docs/decisions/047-risk-and-review.md): each signal that fires adds its points, the sum is capped at
 * 100, and every signal that fired is a reason in words the advertiser and the creator read. Pure: the scheduler
 * reads the evidence, these functions weigh it, and the tests give them evidence by hand.
 */

export type RiskSignal =
  | "own-wallet"
  | "own-device"
  | "device-flood"
  | "address-flood"
  | "instant-conversion"
  | "quick-conversion"
  | "click-flood"
  | "busy-clicks"
  | "new-account"
  | "young-account"
  | "engagement-above-views"
  | "views-without-engagement"
  | "burst-after-silence"
  | "copied-text";

export type RiskReason = { signal: RiskSignal; points: number; text: string };
export type RiskAssessment = { score: number; reasons: RiskReason[] };

const SECOND = 1000;
const DAY = 86_400_000;

/** Each signal's points and the thresholds that fire it; decision 047 lists the same figures. */
export const riskWeights = {
  ownWallet: 80,
  ownDevice: 80,
  deviceFlood: { points: 30, clicksPerDay: 20 },
  addressFlood: { points: 20, clicksPerDay: 50 },
  instantConversion: { points: 40, withinMs: 30 * SECOND },
  quickConversion: { points: 15, withinMs: 5 * 60 * SECOND },
  clickFlood: { points: 30, clicksPerDay: 500 },
  busyClicks: { points: 15, clicksPerDay: 200 },
  newAccount: { points: 20, youngerThanMs: 3 * DAY },
  youngAccount: { points: 10, youngerThanMs: 14 * DAY },
  engagementAboveViews: 35,
  viewsWithoutEngagement: { points: 25, minImpressions: 1000, maxEngagementPerImpression: 0.001 },
  burstAfterSilence: { points: 30, quietDays: 3, burstFactor: 10, minBurst: 100 },
  copiedText: { points: 30, otherCreators: 3 },
} as const;

function assessment(reasons: RiskReason[]): RiskAssessment {
  return {
    score: Math.min(
      100,
      reasons.reduce((sum, reason) => sum + reason.points, 0),
    ),
    reasons,
  };
}

function accountAgeReason(joinedAt: number, at: number): RiskReason | null {
  const age = at - joinedAt;
  const days = Math.floor(age / DAY);
  const ageInWords = days === 0 ? "less than a day" : days === 1 ? "1 day" : `${days} days`;
  if (age < riskWeights.newAccount.youngerThanMs) {
    return {
      signal: "new-account",
      points: riskWeights.newAccount.points,
      text: `The creator's account was created ${ageInWords} before.`,
    };
  }
  if (age < riskWeights.youngAccount.youngerThanMs) {
    return {
      signal: "young-account",
      points: riskWeights.youngAccount.points,
      text: `The creator's account was created ${ageInWords} before.`,
    };
  }
  return null;
}

function secondsInWords(milliseconds: number): string {
  const seconds = Math.max(0, Math.round(milliseconds / SECOND));
  return seconds < 120 ? `${seconds} s` : `${Math.round(seconds / 60)} min`;
}

/** What the scheduler knows about one commission's conversion. */
export type CommissionEvidence = {
  /** The event's wallet is one of the creator's own verified wallets. */
  ownWallet: boolean;
  /** When the conversion was received. */
  convertedAt: number;
  /** The click that credited it (from the click store), or null when it was credited otherwise or the click is gone. */
  click: { at: number } | null;
  /** The creator's clicks for this campaign on the click's (or conversion's) UTC day, from the daily rollup. */
  creatorClicksThatDay: number;
  /** When the creator's account was created. */
  creatorJoinedAt: number;
  /** The click came from a device the creator used signed in (the same keyed device hash). */
  clickFromCreatorDevice: boolean;
  /** Clicks on this campaign's links from the click's device, and from its network address, on the click's UTC day. */
  deviceClicksThatDay: number;
  addressClicksThatDay: number;
};

export function scoreCommission(evidence: CommissionEvidence): RiskAssessment {
  const reasons: RiskReason[] = [];
  if (evidence.ownWallet) {
    reasons.push({
      signal: "own-wallet",
      points: riskWeights.ownWallet,
      text: "The converting wallet is one of the creator's own verified wallets.",
    });
  }
  if (evidence.clickFromCreatorDevice) {
    reasons.push({
      signal: "own-device",
      points: riskWeights.ownDevice,
      text: "The click came from the creator's own browser, signed in to their Chorus account.",
    });
  }
  if (evidence.click !== null) {
    const afterClick = evidence.convertedAt - evidence.click.at;
    if (afterClick < riskWeights.instantConversion.withinMs) {
      reasons.push({
        signal: "instant-conversion",
        points: riskWeights.instantConversion.points,
        text: `The conversion came ${secondsInWords(afterClick)} after its click.`,
      });
    } else if (afterClick < riskWeights.quickConversion.withinMs) {
      reasons.push({
        signal: "quick-conversion",
        points: riskWeights.quickConversion.points,
        text: `The conversion came ${secondsInWords(afterClick)} after its click.`,
      });
    }
  }
  if (evidence.creatorClicksThatDay >= riskWeights.clickFlood.clicksPerDay) {
    reasons.push({
      signal: "click-flood",
      points: riskWeights.clickFlood.points,
      text: `The creator's link had ${evidence.creatorClicksThatDay} clicks that day.`,
    });
  } else if (evidence.creatorClicksThatDay >= riskWeights.busyClicks.clicksPerDay) {
    reasons.push({
      signal: "busy-clicks",
      points: riskWeights.busyClicks.points,
      text: `The creator's link had ${evidence.creatorClicksThatDay} clicks that day.`,
    });
  }
  if (evidence.deviceClicksThatDay >= riskWeights.deviceFlood.clicksPerDay) {
    reasons.push({
      signal: "device-flood",
      points: riskWeights.deviceFlood.points,
      text: `The click's device clicked this campaign's links ${evidence.deviceClicksThatDay} times that day.`,
    });
  }
  if (evidence.addressClicksThatDay >= riskWeights.addressFlood.clicksPerDay) {
    reasons.push({
      signal: "address-flood",
      points: riskWeights.addressFlood.points,
      text: `The click's network address clicked this campaign's links ${evidence.addressClicksThatDay} times that day.`,
    });
  }
  const age = accountAgeReason(evidence.creatorJoinedAt, evidence.convertedAt);
  if (age !== null) reasons.push(age);
  return assessment(reasons);
}

/** What is known about one pool-rewarded post: its latest counts, its daily gains, its text's twins, its author. */
export type PostEvidence = {
  impressions: number;
  likes: number;
  reposts: number;
  /** Impressions gained per day, oldest first, the last being the day scored. */
  dailyImpressionGains: readonly number[];
  /** Other creators' posts in the campaign with the same text (normalized). */
  sameTextOtherCreators: number;
  creatorJoinedAt: number;
  scoredAt: number;
};

export function scorePost(evidence: PostEvidence): RiskAssessment {
  const reasons: RiskReason[] = [];
  const engagement = evidence.likes + evidence.reposts;
  const views = riskWeights.viewsWithoutEngagement;
  if (evidence.impressions > 0 && engagement > evidence.impressions) {
    reasons.push({
      signal: "engagement-above-views",
      points: riskWeights.engagementAboveViews,
      text: `The post has more likes and reposts (${engagement}) than impressions (${evidence.impressions}).`,
    });
  } else if (evidence.impressions >= views.minImpressions && engagement <= evidence.impressions * views.maxEngagementPerImpression) {
    reasons.push({
      signal: "views-without-engagement",
      points: views.points,
      text: `The post has ${evidence.impressions} impressions but only ${engagement} likes and reposts.`,
    });
  }
  const burst = riskWeights.burstAfterSilence;
  const gains = evidence.dailyImpressionGains;
  const last = gains.at(-1) ?? 0;
  const before = gains.slice(0, -1);
  const quietBefore = before.slice(-burst.quietDays);
  if (quietBefore.length >= burst.quietDays && last >= burst.minBurst) {
    const quietAverage = quietBefore.reduce((sum, gain) => sum + gain, 0) / quietBefore.length;
    if (last >= Math.max(1, quietAverage) * burst.burstFactor) {
      reasons.push({
        signal: "burst-after-silence",
        points: burst.points,
        text: `The post gained ${last} impressions in a day after ${quietBefore.length} quiet days.`,
      });
    }
  }
  if (evidence.sameTextOtherCreators >= riskWeights.copiedText.otherCreators) {
    reasons.push({
      signal: "copied-text",
      points: riskWeights.copiedText.points,
      text: `${evidence.sameTextOtherCreators} other creators posted the same text.`,
    });
  }
  const age = accountAgeReason(evidence.creatorJoinedAt, evidence.scoredAt);
  if (age !== null) reasons.push(age);
  return assessment(reasons);
}

/** Held when the score reaches the campaign's threshold. */
export const isHeld = (score: number, threshold: number) => score >= threshold;
