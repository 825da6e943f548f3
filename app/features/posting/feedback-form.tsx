import { useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { Field } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { Textarea } from "~/components/ui/textarea";
import { EditorFooter } from "./editor-footer";
import { useLocation } from "react-router";
import { MAX_FEEDBACK_LENGTH } from "@contracts/posts.ts";
import { errorText } from "~/lib/error-text";
import { useSendFeedback } from "./api/send-feedback";

/** The editor in feedback mode: text only, sent to the admins' inbox with the page it was written on. */
export function FeedbackForm({ onDone }: { onDone: () => void }) {
  const location = useLocation();
  const [content, setContent] = useState("");
  const [error, setError] = useState<string | null>(null);
  const mutation = useSendFeedback({
    onSuccess: () => {
      toast.success("Thank you! Your feedback reached the Chorus team.");
      onDone();
    },
    onError: (failure) => setError(errorText(failure)),
  });
  const length = content.trim().length;
  const blocked = length === 0 || length > MAX_FEEDBACK_LENGTH || mutation.isPending;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (blocked) return;
    setError(null);
    mutation.mutate({ content, pagePath: `${location.pathname}${location.search}` });
  };

  return (
    <form className="post-editor-form" onSubmit={onSubmit} aria-busy={mutation.isPending} noValidate>
      <div className="post-editor-body">
        <Field
          label="Your feedback"
          hint={`${length} of ${MAX_FEEDBACK_LENGTH} characters. Only the Chorus team reads this; nothing is posted on X.`}
        >
          <Textarea
            data-autofocus
            fullWidth
            value={content}
            rows={8}
            maxLength={MAX_FEEDBACK_LENGTH}
            onChange={(event) => setContent(event.currentTarget.value)}
            readOnly={mutation.isPending}
            placeholder="What should we know?"
          />
        </Field>
        {error !== null ? (
          <Notice tone="danger" announce="alert">
            {error}
          </Notice>
        ) : null}
      </div>
      <EditorFooter hint={null} onCancel={onDone} blocked={blocked} busy={mutation.isPending} label="Send feedback" busyLabel="Sending…" />
    </form>
  );
}
