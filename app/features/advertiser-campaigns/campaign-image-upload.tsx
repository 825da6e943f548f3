import type { ConsoleCampaign } from "@contracts/advertiser-campaigns.ts";
import { useUploadCampaignImage } from "./api/upload-campaign-image";
import { serverErrors } from "./server-errors";
import { Card } from "~/components/ui/card";
import { Notice } from "~/components/ui/notice";

/** The campaign's image and the file input that replaces it (PNG, JPEG, GIF or WebP, at most 5 MB). */
export function CampaignImageUpload({
  advertiserId,
  campaign,
  onUploaded,
}: {
  advertiserId: string;
  campaign: ConsoleCampaign;
  onUploaded: (campaign: ConsoleCampaign) => void;
}) {
  const upload = useUploadCampaignImage(advertiserId, campaign.id);
  return (
    <Card title="Image">
      {campaign.imageUrl === null ? (
        <p className="campaign-form-note">No image yet.</p>
      ) : (
        <img className="campaign-image" src={campaign.imageUrl} alt="" />
      )}
      {/* The kit has no file control: the browser's own, labelled like the kit's fields. */}
      <label htmlFor="campaign-image-file" className="ui-field-label campaign-image-label">
        Upload an image (PNG, JPEG, GIF or WebP, at most 5 MB)
        <input
          id="campaign-image-file"
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          disabled={upload.isPending}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file !== undefined) upload.mutate(file, { onSuccess: onUploaded });
          }}
        />
      </label>
      {upload.isPending ? <Notice>Uploading…</Notice> : null}
      {upload.isError ? (
        <Notice tone="danger" announce="alert">
          {serverErrors(upload.error).message}
        </Notice>
      ) : null}
    </Card>
  );
}
