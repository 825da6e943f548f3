import type { CampaignHealth, CampaignStatus, PostStatus } from "@contracts/vocabulary.ts";
import { Badge, type BadgeTone } from "./badge";

/** How each campaign and post status reads and which tone it takes. */
export const statusBadges: Record<CampaignStatus | PostStatus, { label: string; tone: BadgeTone }> = {
  inactive: { label: "Not started", tone: "neutral" },
  active: { label: "Active", tone: "success" },
  ending: { label: "Ending soon", tone: "warning" },
  evaluating: { label: "Evaluating", tone: "warning" },
  evaluated: { label: "Evaluated", tone: "neutral" },
  eligible: { label: "Eligible", tone: "success" },
  "eligible-bonus": { label: "Eligible for bonus", tone: "success" },
  "not-eligible": { label: "Not eligible", tone: "danger" },
  expired: { label: "Expired", tone: "danger" },
  "expired-bonus": { label: "Bonus expired", tone: "danger" },
  claimed: { label: "Claimed", tone: "success" },
  rewarded: { label: "Rewarded", tone: "success" },
  "not-rewarded": { label: "Not rewarded", tone: "danger" },
  paid: { label: "Paid", tone: "success" },
  "paid-bonus": { label: "Bonus paid", tone: "success" },
  deleted: { label: "Deleted", tone: "danger" },
};

/** A campaign's or a post's status. */
export function StatusBadge({ status }: { status: CampaignStatus | PostStatus }) {
  const { label, tone } = statusBadges[status];
  return (
    <Badge tone={tone} data-status={status}>
      {label}
    </Badge>
  );
}

/** How each pacing of a campaign's engagement against its target reads (PRODUCT.md "Campaigns"). */
export const healthBadges: Record<CampaignHealth, { label: string; tone: BadgeTone }> = {
  good: { label: "Good", tone: "success" },
  moderate: { label: "Moderate", tone: "warning" },
  unhealthy: { label: "Unhealthy", tone: "danger" },
  unknown: { label: "Not measured yet", tone: "neutral" },
};

export function HealthBadge({ health }: { health: CampaignHealth }) {
  const { label, tone } = healthBadges[health];
  return (
    <Badge tone={tone} data-health={health}>
      {label}
    </Badge>
  );
}
