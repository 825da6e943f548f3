import { CopyButton } from "~/components/ui/copy-button";
import type { ConsoleCampaign } from "@contracts/advertiser-campaigns.ts";
import { useRotatePreviewToken } from "./api/rotate-preview-token";
import { serverErrors } from "./server-errors";

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
    <section aria-labelledby="campaign-preview-title" className="campaign-preview-link">
      <h2 id="campaign-preview-title">Preview link</h2>
      <p className="small muted">
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
        <button
          type="button"
          className="button button-small"
          disabled={rotate.isPending}
          onClick={() => {
            if (!window.confirm("Make a new link? The current link stops working at once.")) return;
            rotate.mutate(undefined, { onSuccess: ({ previewToken }) => onRotated({ ...campaign, previewToken }) });
          }}
        >
          {rotate.isPending ? "Making a new link…" : "Make a new link"}
        </button>
      </div>
      {rotate.isError ? (
        <p role="alert" className="campaign-field-error">
          {serverErrors(rotate.error).message}
        </p>
      ) : null}
    </section>
  );
}
