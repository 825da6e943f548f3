import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { CopyButton } from "~/components/ui/copy-button";
import { Notice } from "~/components/ui/notice";
import type { ConsoleCampaign } from "@contracts/advertiser-campaigns.ts";
import { useRotatePreviewToken } from "./api/rotate-preview-token";
import { failureText } from "~/lib/failure-text";

/** The campaign's preview link, to open or copy, and "Make a new link", which stops the old one at once. */
export function PreviewLinkPanel({
  advertiserId,
  campaign,
  onRotated,
}: {
  advertiserId: string;
  campaign: ConsoleCampaign;
  onRotated: (campaign: ConsoleCampaign) => void;
}) {
  const rotate = useRotatePreviewToken(advertiserId, campaign.id);
  const previewPath = `/campaign-preview/${campaign.previewToken}`;
  return (
    <Card title="Preview link" className="campaign-preview-link">
      <p className="campaign-form-note">
        Anyone with this link sees the campaign as creators will, drafts included. Make a new link to stop the old one.
      </p>
      <p>
        <a href={previewPath} target="_blank" rel="noopener noreferrer">
          <code>{previewPath}</code>
        </a>
      </p>
      <div className="campaign-actions">
        <CopyButton
          label="Copy the preview link"
          text={typeof window === "undefined" ? previewPath : new URL(previewPath, window.location.origin).href}
        />
        <Button
          size="small"
          busy={rotate.isPending}
          busyLabel="Making a new link…"
          onClick={() => {
            if (!window.confirm("Make a new link? The current link stops working at once.")) return;
            rotate.mutate(undefined, { onSuccess: ({ previewToken }) => onRotated({ ...campaign, previewToken }) });
          }}
        >
          Make a new link
        </Button>
      </div>
      {rotate.isError ? (
        <Notice tone="danger" announce="alert">
          {failureText(rotate.error)}
        </Notice>
      ) : null}
    </Card>
  );
}
