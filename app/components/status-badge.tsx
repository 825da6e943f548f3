import type { CampaignHealth, CampaignStatus, PostStatus } from "@contracts/vocabulary.ts";

const labels: Record<CampaignStatus | PostStatus, string> = {
  inactive: "Not started",
  active: "Active",
  ending: "Ending soon",
  evaluating: "Evaluating",
  evaluated: "Evaluated",
  eligible: "Eligible",
  "eligible-bonus": "Eligible for bonus",
  "not-eligible": "Not eligible",
  expired: "Expired",
  "expired-bonus": "Bonus expired",
  claimed: "Claimed",
  rewarded: "Rewarded",
  "not-rewarded": "Not rewarded",
  paid: "Paid",
  "paid-bonus": "Bonus paid",
  deleted: "Deleted",
};

export function StatusBadge({ status }: { status: CampaignStatus | PostStatus }) {
  return (
    <span className={`badge badge-${status}`} data-status={status}>
      {labels[status]}
    </span>
  );
}

const healthLabels: Record<CampaignHealth, string> = {
  good: "Good",
  moderate: "Moderate",
  unhealthy: "Unhealthy",
  unknown: "Not measured yet",
};

/** Pacing of the campaign's engagement against its target (PRODUCT.md "Campaigns"). */
export function HealthBadge({ health }: { health: CampaignHealth }) {
  return (
    <span className={`badge health-${health}`} data-health={health}>
      {healthLabels[health]}
    </span>
  );
}
