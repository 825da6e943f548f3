import { Dialog } from "~/components/ui/dialog";
import { FeedbackForm } from "./feedback-form";
import type { PostEditorMode } from "./post-editor-context";
import { PostForm } from "./post-form";
import "./post-editor.css";

/** The editor as the kit's modal dialog; the provider returns focus to what opened it. */
export function PostEditorDialog(props: {
  mode: PostEditorMode;
  campaignId: string | undefined;
  restoreDraft: boolean;
  onClose: () => void;
}) {
  const { mode, onClose } = props;
  const title = mode === "post" ? "New post" : "Share feedback";
  const description =
    mode === "post"
      ? "Write a post for one of your campaigns. It is published on X from your account."
      : "Tell the Chorus team what works and what does not. Nothing is posted on X.";
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      description={description}
      size="large"
      phoneLayout="full-screen"
      className={`post-editor post-editor-${mode}`}
    >
      {mode === "post" ? (
        <PostForm initialCampaignId={props.campaignId} restoreDraft={props.restoreDraft} onDone={onClose} />
      ) : (
        <FeedbackForm onDone={onClose} />
      )}
    </Dialog>
  );
}
