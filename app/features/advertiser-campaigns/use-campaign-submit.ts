import { useState } from "react";
import { useNavigate } from "react-router";
import type { ConsoleCampaign } from "@contracts/advertiser-campaigns.ts";
import { usePublishCampaign } from "./api/publish-campaign";
import { useSaveCampaign } from "./api/save-campaign";
import { campaignInputOf, type CampaignFormState } from "./campaign-form-state";
import { formErrorsOf, type FieldPath } from "~/lib/api/form-errors";

/**
 * The campaign form's field for a message of the server: the path's names, two deep under rules and score weights
 * ("rules.requiredMentions", "scoreWeights.likes"), one deep elsewhere ("suggestions"), "form" for the whole body.
 */
function campaignFieldOf(path: FieldPath): string {
  const names = path.filter((part) => typeof part === "string");
  return names.slice(0, names[0] === "rules" || names[0] === "scoreWeights" ? 2 : 1).join(".") || "form";
}

/**
 * Save and Publish of the campaign form. Save checks the form, saves it (a new campaign's page then moves to the
 * campaign's own address) and shows it as saved; Publish saves first, then publishes. Refusals go to the fields they
 * name and the notice.
 */
export function useCampaignSubmit({
  advertiserId,
  campaign,
  onCampaign,
  state,
}: {
  advertiserId: string;
  campaign: ConsoleCampaign | null;
  onCampaign: (campaign: ConsoleCampaign) => void;
  state: CampaignFormState;
}) {
  const navigate = useNavigate();
  const [notice, setNotice] = useState<string | null>(null);
  const save = useSaveCampaign(advertiserId, campaign?.id ?? null);
  const publish = usePublishCampaign(advertiserId);

  async function saveForm(): Promise<ConsoleCampaign | null> {
    setNotice(null);
    const parsed = campaignInputOf(state.form);
    if ("errors" in parsed) {
      state.setErrors(parsed.errors);
      return null;
    }
    try {
      const saved = await save.mutateAsync(parsed.input);
      onCampaign(saved);
      state.reset(saved);
      if (campaign === null) {
        void navigate(`/advertiser/${encodeURIComponent(advertiserId)}/campaigns/${encodeURIComponent(saved.id)}`, { replace: true });
      }
      return saved;
    } catch (error) {
      const { fields, message } = formErrorsOf(error, { fieldOf: campaignFieldOf });
      state.setErrors(fields);
      setNotice(message);
      return null;
    }
  }

  async function publishForm(): Promise<void> {
    const saved = await saveForm();
    if (saved === null) return;
    try {
      const published = await publish.mutateAsync(saved.id);
      onCampaign(published);
      setNotice("Published: creators can now see this campaign. It becomes active once funded and started.");
    } catch (error) {
      const { fields, message } = formErrorsOf(error, { fieldOf: campaignFieldOf });
      state.setErrors(fields);
      setNotice(message);
    }
  }

  return {
    saveForm,
    publishForm,
    notice,
    saving: save.isPending,
    publishing: publish.isPending,
    busy: save.isPending || publish.isPending,
  };
}
