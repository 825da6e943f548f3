import type { ConsoleCampaign } from "@contracts/advertiser-campaigns.ts";
import { useUploadCampaignImage } from "./api/upload-campaign-image";
import { serverErrors } from "./server-errors";

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
    <section aria-labelledby="campaign-image-title">
      <h2 id="campaign-image-title">Image</h2>
      {campaign.imageUrl === null ? (
        <p className="small muted">No image yet.</p>
      ) : (
        <img className="campaign-image" src={campaign.imageUrl} alt="" />
      )}
      <label htmlFor="campaign-image-file">
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
      {upload.isPending ? <p role="status">Uploading…</p> : null}
      {upload.isError ? (
        <p role="alert" className="campaign-field-error">
          {serverErrors(upload.error).message}
        </p>
      ) : null}
    </section>
  );
}
