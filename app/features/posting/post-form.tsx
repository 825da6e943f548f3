import { useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { EditorFooter } from "./editor-footer";
import { Link } from "react-router";
import { checkPostRequirements } from "@contracts/post-requirements.ts";
import { X_WRITE_ACCESS_REQUIRED } from "@contracts/posts.ts";
import { isVisiblyBlank } from "@contracts/text.ts";
import { countXText } from "@contracts/x-text.ts";
import { useCreatePost } from "./api/create-post";
import { postOptionsKeys, usePostOptions } from "./api/get-post-options";
import { ApiRequestError } from "~/lib/api/http-client";
import { useCampaignSelection } from "~/lib/campaign-selection";
import { errorText } from "~/lib/error-text";
import { AttachmentPicker, useAttachments } from "./attachments";
import { CharacterCount } from "./character-count";
import { clearDraft, readDraft, saveDraft } from "./draft-storage";
import { PostPreview } from "./post-preview";
import { useWriteAccess } from "./write-access";

/** One press of Post: the same payload sent again (a lost answer, a retry after granting access) keeps its id. */
type Press = { fingerprint: string; idempotencyKey: string };

function isLostAnswer(error: unknown): boolean {
  return error instanceof DOMException || error instanceof TypeError;
}

export function PostForm(props: { initialCampaignId: string | undefined; restoreDraft: boolean; onDone: () => void }) {
  const [draft] = useState(() => (props.restoreDraft ? readDraft() : null));
  const options = usePostOptions();
  const queryClient = useQueryClient();
  // Preselected: the campaign New Post was opened for, else the draft's, else the one the creator has open.
  const selection = useCampaignSelection();
  const [chosenCampaignId, setChosenCampaignId] = useState<string | null>(
    props.initialCampaignId ?? draft?.campaignId ?? selection.campaignId,
  );
  const [content, setContent] = useState(draft?.content ?? "");
  const [chosenSuggestionId, setChosenSuggestionId] = useState<string | null>(draft?.selectedSuggestionId ?? null);
  const attachments = useAttachments(draft?.attachments ?? []);
  const [error, setError] = useState<string | null>(null);
  const [accessProblem, setAccessProblem] = useState<string | null>(null);
  const [restoredNotice, setRestoredNotice] = useState(draft !== null);
  const press = useRef<Press | null>(null);
  const retryAfterGrant = useRef(false);
  const grantedHere = useRef(false);

  const campaignFieldId = useId();
  const textId = useId();
  const countId = useId();
  const requirementsId = useId();
  const suggestionsLegendId = useId();

  const campaigns = options.data?.campaigns ?? [];
  // The choice falls back to the first campaign when it is not (or no longer) one the creator can post to.
  const campaign = campaigns.find((candidate) => candidate.id === chosenCampaignId) ?? campaigns[0] ?? null;
  const suggestionIndex = campaign?.suggestions.findIndex((suggestion) => suggestion.id === chosenSuggestionId) ?? -1;
  const selectedSuggestionId = suggestionIndex >= 0 ? chosenSuggestionId : null;
  const count = countXText(content);
  // The server's own rule (worker/contracts/post-requirements.ts): "(included)" here means the post meets it there.
  const requirements = campaign === null ? [] : checkPostRequirements(campaign, content);

  const payload = () => ({
    content,
    attachments: attachments.uploadedIds,
    campaignId: campaign?.id ?? "",
    selectedSuggestionId,
  });

  const draftNow = () => ({
    campaignId: campaign?.id ?? null,
    content,
    selectedSuggestionId,
    attachments: attachments.items.flatMap((item) =>
      item.status === "uploaded" && item.id !== null && item.contentType !== null
        ? [{ id: item.id, name: item.name, sizeBytes: item.sizeBytes, contentType: item.contentType }]
        : [],
    ),
  });

  const mutation = useCreatePost({
    onSuccess: () => {
      clearDraft();
      toast.success("Posted on X. Your post is being evaluated.");
      props.onDone();
    },
    onError: (failure) => {
      if (failure instanceof ApiRequestError && failure.body?.code === X_WRITE_ACCESS_REQUIRED) {
        retryAfterGrant.current = true;
        setAccessProblem(errorText(failure));
        return;
      }
      if (isLostAnswer(failure)) {
        setError(
          "Chorus did not answer in time. Press Post again: if your post already went out, you get it back instead of a second one.",
        );
        return;
      }
      // The server answered: nothing was stored, so the next press is a new one (unless the first is still going).
      if (!(failure instanceof ApiRequestError && failure.body?.code === "post_in_progress")) press.current = null;
      setError(errorText(failure));
    },
  });

  const writeAccess = useWriteAccess({
    onGranted: () => {
      grantedHere.current = true;
      setAccessProblem(null);
      void queryClient.invalidateQueries({ queryKey: postOptionsKeys.all });
      if (retryAfterGrant.current) {
        retryAfterGrant.current = false;
        submit();
      }
    },
    beforeFullPage: () => saveDraft(draftNow()),
  });

  const blocked =
    campaign === null || isVisiblyBlank(content) || !count.withinLimit || attachments.busy || attachments.failed || mutation.isPending;

  function submit() {
    if (blocked) return;
    setError(null);
    setRestoredNotice(false);
    // Known in advance: ask for X's permission first rather than send a post X would refuse.
    if (options.data?.canPublishOnX === false && !grantedHere.current) {
      retryAfterGrant.current = true;
      setAccessProblem("Chorus needs your permission to post on X for you. Choose Allow posting: your post is sent as soon as X confirms.");
      return;
    }
    const body = payload();
    const fingerprint = JSON.stringify(body);
    const current = press.current?.fingerprint === fingerprint ? press.current : { fingerprint, idempotencyKey: crypto.randomUUID() };
    press.current = current;
    mutation.mutate({ payload: body, idempotencyKey: current.idempotencyKey });
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit();
  };

  const showAccessPanel = accessProblem !== null || options.data?.canPublishOnX === false;
  const why =
    campaign === null
      ? "Choose a campaign first."
      : content.trim() === ""
        ? "Write your post first."
        : !count.withinLimit
          ? "Shorten your post to X's limit first."
          : attachments.busy
            ? "Wait for the images to finish uploading."
            : attachments.failed
              ? "Remove or retry the image that failed to upload."
              : null;

  return (
    <form className="post-editor-form" onSubmit={onSubmit} aria-busy={mutation.isPending} noValidate>
      <div className="post-editor-body">
        {restoredNotice ? (
          <p className="post-editor-notice" role="status">
            Your draft is back. Check it and press Post to publish it.
          </p>
        ) : null}

        {showAccessPanel ? (
          <div className="post-editor-access" role={accessProblem === null ? undefined : "alert"}>
            <p>
              {accessProblem ?? "Chorus publishes your posts from your X account, so it needs your permission once. You confirm it on X."}
            </p>
            <button
              type="button"
              className="button button-x button-small"
              onClick={writeAccess.requestAccess}
              disabled={writeAccess.state === "waiting"}
              aria-busy={writeAccess.state === "waiting"}
            >
              {writeAccess.state === "waiting" ? "Waiting for X…" : "Allow posting"}
            </button>
            {writeAccess.state === "waiting" ? (
              <p className="post-editor-hint" role="status">
                Finish in the X window that opened. This editor continues by itself.
              </p>
            ) : null}
            {writeAccess.state === "denied" ? (
              <p className="post-editor-hint" role="status">
                Posting was not allowed on X, so nothing was posted. You can try again.
              </p>
            ) : null}
          </div>
        ) : null}

        {options.isPending ? (
          <p className="post-editor-loading" role="status">
            <span className="pe-spinner" aria-hidden="true" /> Loading your campaigns…
          </p>
        ) : options.isError ? (
          <div className="post-editor-problem" role="alert">
            <p>{`Your campaigns could not be loaded. ${errorText(options.error)}`}</p>
            <button type="button" className="button button-small" onClick={() => void options.refetch()}>
              Try again
            </button>
          </div>
        ) : campaign === null ? (
          <p className="post-editor-problem" role="status">
            You have not joined a campaign that is running now.{" "}
            <Link to="/campaigns" onClick={props.onDone}>
              Find one in All Campaigns
            </Link>{" "}
            and join it to post.
          </p>
        ) : (
          <>
            <div className="post-editor-field">
              <label htmlFor={campaignFieldId}>Campaign</label>
              <select
                id={campaignFieldId}
                value={campaign.id}
                onChange={(event) => setChosenCampaignId(event.currentTarget.value)}
                disabled={mutation.isPending}
              >
                {campaigns.map((candidate) => (
                  <option key={candidate.id} value={candidate.id}>
                    {`${candidate.title} · ${candidate.advertiserName}`}
                  </option>
                ))}
              </select>
            </div>

            {campaign.suggestions.length > 0 ? (
              <fieldset className="post-editor-suggestions" aria-labelledby={suggestionsLegendId}>
                <legend id={suggestionsLegendId}>Suggested posts</legend>
                <ol>
                  {campaign.suggestions.map((suggestion, index) => {
                    const selected = suggestion.id === selectedSuggestionId;
                    return (
                      <li key={suggestion.id} className={selected ? "is-selected" : undefined}>
                        <p>{suggestion.text}</p>
                        <button
                          type="button"
                          className="button button-small"
                          aria-pressed={selected}
                          aria-label={`Use this text: suggestion ${index + 1}`}
                          disabled={mutation.isPending}
                          onClick={() => {
                            setContent(suggestion.text);
                            setChosenSuggestionId(suggestion.id);
                          }}
                        >
                          {selected ? "In use" : "Use this text"}
                        </button>
                      </li>
                    );
                  })}
                </ol>
              </fieldset>
            ) : null}
          </>
        )}

        <div className="post-editor-field">
          <div className="post-editor-label-row">
            <label htmlFor={textId}>Your post</label>
            {selectedSuggestionId !== null ? (
              <span className="post-editor-chip">
                {`Based on suggestion ${suggestionIndex + 1}`}
                <button type="button" aria-label="Stop using the suggestion" onClick={() => setChosenSuggestionId(null)}>
                  ×
                </button>
              </span>
            ) : null}
          </div>
          <textarea
            id={textId}
            data-autofocus
            value={content}
            rows={6}
            onChange={(event) => setContent(event.currentTarget.value)}
            aria-describedby={[countId, requirements.length > 0 ? requirementsId : null].filter(Boolean).join(" ")}
            aria-invalid={!count.withinLimit}
            readOnly={mutation.isPending}
            placeholder="What do you want to say?"
          />
          <div className="post-editor-text-footer">
            {requirements.length > 0 ? (
              <p id={requirementsId} className="post-editor-requirements">
                {"This campaign asks for "}
                {requirements.map(({ shown, met }, index) => (
                  <span key={shown} className={met ? "is-present" : undefined}>
                    {index > 0 ? ", " : ""}
                    {shown}
                    <span className="pe-visually-hidden">{met ? " (included)" : " (missing)"}</span>
                  </span>
                ))}
              </p>
            ) : (
              <span />
            )}
            <CharacterCount count={count} id={countId} />
          </div>
        </div>

        <AttachmentPicker attachments={attachments} disabled={mutation.isPending} />

        <section className="post-editor-preview" aria-labelledby={`${textId}-preview`}>
          <h3 id={`${textId}-preview`}>Preview</h3>
          <PostPreview content={content} images={attachments.items} />
        </section>

        {error !== null ? (
          <p className="post-editor-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>

      <EditorFooter
        hint={why !== null && !mutation.isPending ? why : null}
        onCancel={props.onDone}
        blocked={blocked}
        busy={mutation.isPending}
        label="Post"
        busyLabel="Posting…"
      >
        <span className="pe-visually-hidden" role="status">
          {mutation.isPending ? "Publishing your post on X…" : ""}
        </span>
      </EditorFooter>
    </form>
  );
}
