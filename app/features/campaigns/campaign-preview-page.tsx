import type { CampaignPreviewPage as CampaignPreviewPageData } from "@contracts/pages.ts";
import { useLandingViewed } from "~/lib/analytics/hooks";
import { CampaignDetails } from "./campaign-details";
import "./campaigns.css";

/** `/campaign-preview/{token}`: the campaign as creators will see it, for the advertiser and whoever has the link. */
export function CampaignPreviewPage({ campaign }: CampaignPreviewPageData) {
  useLandingViewed({ advertiserId: campaign.advertiserId, campaignId: campaign.id });
  return (
    <div className="preview">
      <p className="preview-banner" role="status">
        Preview: this is how creators will see the campaign. Only people with this link can open it.
      </p>
      <CampaignDetails campaign={campaign} />
    </div>
  );
}
