import type { ConsoleCampaign } from "@contracts/advertiser-campaigns.ts";
import { useUploadCampaignImage } from "./api/upload-campaign-image";
import { failureText } from "~/lib/failure-text";
import { Card } from "~/components/ui/card";
import { FilePicker } from "~/components/ui/file-picker";
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
      <p className="campaign-form-note">PNG, JPEG, GIF or WebP, at most 5 MB.</p>
      <FilePicker
        label={campaign.imageUrl === null ? "Upload an image" : "Replace the image"}
        accept="image/png,image/jpeg,image/gif,image/webp"
        disabled={upload.isPending}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file !== undefined) upload.mutate(file, { onSuccess: onUploaded });
        }}
      />
      {upload.isPending ? <Notice>Uploading…</Notice> : null}
      {upload.isError ? (
        <Notice tone="danger" announce="alert">
          {failureText(upload.error)}
        </Notice>
      ) : null}
    </Card>
  );
}
