import { useId } from "react";
import { MAX_ATTACHMENTS, attachmentContentTypes, formatBytes } from "@contracts/posts.ts";
import { AppIcon } from "~/components/app-icon";
import { ATTACHMENT_LIMIT_TEXT } from "./attachment-checks";
import { CloseMark } from "./close-mark";
import type { Attachments } from "./use-attachments";
import { Button, IconButton } from "~/components/ui/button";
import { FilePicker } from "~/components/ui/file-picker";
import { Spinner } from "~/components/ui/spinner";

/** The picker and the picked images: previews, upload progress, remove and retry. */
export function AttachmentPicker({ attachments, disabled }: { attachments: Attachments; disabled: boolean }) {
  const hintId = useId();
  const { items, problems } = attachments;
  const full = items.length >= MAX_ATTACHMENTS;
  return (
    <div className="post-editor-attachments">
      <div className="post-editor-attach-row">
        <FilePicker
          label="Add images"
          icon={<AppIcon name="lucide:image-plus" size={16} />}
          size="small"
          accept={attachmentContentTypes.join(",")}
          multiple
          disabled={disabled || full}
          aria-describedby={hintId}
          onChange={(event) => {
            const picked = Array.from(event.currentTarget.files ?? []);
            event.currentTarget.value = "";
            void attachments.add(picked, items);
          }}
        />
        <span id={hintId} className="post-editor-hint">
          {`Up to ${MAX_ATTACHMENTS} PNG, JPEG, GIF or WebP images, ${ATTACHMENT_LIMIT_TEXT} each.`}
        </span>
      </div>
      {problems.length > 0 ? (
        <ul className="post-editor-problems" role="alert">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
      {items.length > 0 ? (
        <ul className="post-editor-thumbnails" aria-label="Attached images">
          {items.map((item, index) => (
            <li key={item.key} className={`post-editor-thumbnail is-${item.status}`}>
              {item.previewUrl === null ? (
                <span className="post-editor-thumbnail-placeholder" aria-hidden="true">
                  <AppIcon name="lucide:image" size={24} />
                </span>
              ) : (
                <img src={item.previewUrl} alt={`Image ${index + 1}: ${item.name}`} />
              )}
              <span className="post-editor-thumbnail-status" role="status">
                {item.status === "uploading" ? (
                  <>
                    <Spinner />
                    <span>{`Uploading ${Math.round(item.progress * 100)}%`}</span>
                    <progress max={1} value={item.progress} aria-label={`Uploading ${item.name}`} />
                  </>
                ) : item.status === "uploaded" ? (
                  <span>{`Uploaded · ${formatBytes(item.sizeBytes)}`}</span>
                ) : (
                  <span className="post-editor-error-text">{item.error ?? "Upload failed"}</span>
                )}
              </span>
              <span className="post-editor-thumbnail-actions">
                {item.status === "failed" ? (
                  <Button size="small" onClick={() => attachments.retry(item.key)}>
                    Try again
                  </Button>
                ) : null}
                <IconButton
                  size="small"
                  className="post-editor-remove"
                  label={`Remove image ${index + 1} (${item.name})`}
                  icon={<CloseMark size={16} />}
                  onClick={() => attachments.remove(item.key)}
                  disabled={disabled}
                />
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
