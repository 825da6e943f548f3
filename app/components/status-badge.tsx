import type { CampaignStatus, PostStatus } from "../../worker/contracts/vocabulary.ts";

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
