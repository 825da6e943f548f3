import { useId, useState, type FormEvent } from "react";
import { checkPostRequirements } from "@contracts/post-requirements.ts";
import { isVisiblyBlank } from "@contracts/text.ts";
import { missingDisclosureMessage, startsWithDisclosure, withDisclosure } from "@contracts/disclosure.ts";
import { rulesOf } from "@contracts/networks/registry.ts";
import type { Network } from "@contracts/networks/rules.ts";
import { useCampaignSelection } from "~/lib/campaign-selection";
import { usePostOptions } from "./api/get-post-options";
import { AttachmentPicker } from "./attachment-picker";
import { useAttachments } from "./use-attachments";
import { CampaignChoice } from "./campaign-choice";
import { NetworkChoice } from "./network-choice";
import { readDraft } from "./draft-storage";
import { EditorFooter } from "./editor-footer";
import { PostPreview } from "./post-preview";
import { PostTextField } from "./post-text-field";
import { usePublishPost } from "./use-publish-post";
import { WriteAccessPanel } from "./write-access-panel";
import { Notice } from "~/components/ui/notice";

/**
 * New Post: the campaign, the text (from a suggestion or not), up to four images and the preview, then Post. A draft
 * kept for the full-page write login comes back when `restoreDraft` is set.
 */
export function PostForm(props: { initialCampaignId: string | undefined; restoreDraft: boolean; onDone: () => void }) {
  const [draft] = useState(() => (props.restoreDraft ? readDraft() : null));
  const options = usePostOptions();
  // Preselected: the campaign New Post was opened for, else the draft's, else the one the creator has open.
  const selection = useCampaignSelection();
  const [chosenCampaignId, setChosenCampaignId] = useState<string | null>(
    props.initialCampaignId ?? draft?.campaignId ?? selection.campaignId,
  );
  const [content, setContent] = useState(draft?.content ?? "");
  const [chosenSuggestionId, setChosenSuggestionId] = useState<string | null>(draft?.selectedSuggestionId ?? null);
  const attachments = useAttachments(draft?.attachments ?? []);
  const [restoredNotice, setRestoredNotice] = useState(draft !== null);
  const textId = useId();

  const campaigns = options.data?.campaigns ?? [];
  // The choice falls back to the first campaign when it is not (or no longer) one the creator can post to.
  const campaign = campaigns.find((candidate) => candidate.id === chosenCampaignId) ?? campaigns[0] ?? null;
  // The campaign's disclosure goes at the start of the post as soon as the campaign is known (and again on a switch).
  const [disclosedFor, setDisclosedFor] = useState<string | null>(null);
  if (campaign !== null && disclosedFor !== campaign.id) {
    setDisclosedFor(campaign.id);
    setContent((current) => withDisclosure(current, campaign.disclosure));
  }
  const disclosureMissing = campaign !== null && !startsWithDisclosure(content, campaign.disclosure);
  const suggestionIndex = campaign?.suggestions.findIndex((suggestion) => suggestion.id === chosenSuggestionId) ?? -1;
  const selectedSuggestionId = suggestionIndex >= 0 ? chosenSuggestionId : null;
  // The networks offered: the campaign's, where the creator has an account. The choice holds while it is offered.
  const accounts = options.data?.accounts ?? [];
  const available = (campaign?.networks ?? []).filter((each) => accounts.some((account) => account.network === each));
  const [chosenNetwork, setChosenNetwork] = useState<Network | null>(null);
  const network = available.find((each) => each === chosenNetwork) ?? available[0] ?? null;
  const rules = rulesOf(network ?? "x");
  const count = { length: rules.text.count(content), limit: rules.text.limit, networkName: rules.name };
  const withinLimit = count.length <= count.limit;
  // The server's own rule (worker/contracts/post-requirements.ts): "(included)" here means the post meets it there.
  const requirements = campaign === null ? [] : checkPostRequirements(campaign, content);

  const publish = usePublishPost({
    payload: () => ({
      content,
      attachments: attachments.uploadedIds,
      campaignId: campaign?.id ?? "",
      selectedSuggestionId,
      network: network ?? "x",
    }),
    ready:
      campaign !== null &&
      network !== null &&
      !isVisiblyBlank(content) &&
      !disclosureMissing &&
      withinLimit &&
      !attachments.busy &&
      !attachments.failed,
    canPublishOnX: accounts.find((account) => account.network === "x")?.canPublish,
    draftNow: () => ({
      campaignId: campaign?.id ?? null,
      content,
      selectedSuggestionId,
      attachments: attachments.items.flatMap((item) =>
        item.status === "uploaded" && item.id !== null && item.contentType !== null
          ? [{ id: item.id, name: item.name, sizeBytes: item.sizeBytes, contentType: item.contentType }]
          : [],
      ),
    }),
    onPress: () => setRestoredNotice(false),
    onPublished: props.onDone,
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    publish.submit();
  };

  const showAccessPanel =
    publish.accessProblem !== null || (network === "x" && accounts.find((account) => account.network === "x")?.canPublish === false);
  const why =
    campaign === null
      ? "Choose a campaign first."
      : network === null
        ? `${campaign.title} runs on ${campaign.networks.map((each) => rulesOf(each).name).join(" and ")}: link your account there in Settings to post to it.`
        : content.trim() === ""
          ? "Write your post first."
          : disclosureMissing
            ? missingDisclosureMessage(campaign.disclosure)
            : !withinLimit
              ? `Shorten your post to ${rules.name}'s limit first.`
              : attachments.busy
                ? "Wait for the images to finish uploading."
                : attachments.failed
                  ? "Remove or retry the image that failed to upload."
                  : null;

  return (
    <form className="post-editor-form" onSubmit={onSubmit} aria-busy={publish.pending} noValidate>
      <div className="post-editor-body">
        {restoredNotice ? (
          <p className="post-editor-notice" role="status">
            Your draft is back. Check it and press Post to publish it.
          </p>
        ) : null}

        {showAccessPanel ? (
          <WriteAccessPanel
            problem={publish.accessProblem}
            state={publish.writeAccess.state}
            onRequest={publish.writeAccess.requestAccess}
          />
        ) : null}

        <CampaignChoice
          options={options}
          campaign={campaign}
          onChooseCampaign={setChosenCampaignId}
          selectedSuggestionId={selectedSuggestionId}
          onUseSuggestion={(suggestion) => {
            setContent(campaign === null ? suggestion.text : withDisclosure(suggestion.text, campaign.disclosure));
            setChosenSuggestionId(suggestion.id);
          }}
          disabled={publish.pending}
          onLeave={props.onDone}
        />

        {network !== null ? (
          <NetworkChoice available={available} network={network} onChoose={setChosenNetwork} disabled={publish.pending} />
        ) : null}

        <PostTextField
          id={textId}
          content={content}
          onChange={setContent}
          count={count}
          requirements={requirements}
          suggestionNumber={selectedSuggestionId === null ? null : suggestionIndex + 1}
          onDropSuggestion={() => setChosenSuggestionId(null)}
          readOnly={publish.pending}
        />

        <AttachmentPicker attachments={attachments} disabled={publish.pending} />

        <section className="post-editor-preview" aria-labelledby={`${textId}-preview`}>
          <h3 id={`${textId}-preview`}>Preview</h3>
          <PostPreview content={content} images={attachments.items} network={rules.network} />
        </section>

        {publish.error !== null ? (
          <Notice tone="danger" announce="alert">
            {publish.error}
          </Notice>
        ) : null}
      </div>

      <EditorFooter
        hint={why !== null && !publish.pending ? why : null}
        onCancel={props.onDone}
        blocked={publish.blocked}
        busy={publish.pending}
        label="Post"
        busyLabel="Posting…"
      >
        <span className="ui-visually-hidden" role="status">
          {publish.pending ? `Publishing your post on ${rules.name}…` : ""}
        </span>
      </EditorFooter>
    </form>
  );
}
