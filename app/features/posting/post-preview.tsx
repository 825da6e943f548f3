import { rulesOf } from "@contracts/networks/registry.ts";
import type { Network } from "@contracts/networks/rules.ts";
import { useCurrentUser } from "~/lib/current-user";
import type { AttachmentItem } from "./use-attachments";

/** How the post will look on its network: the creator's name and handle, the text with its links and tags, the images. */
export function PostPreview({ content, images, network }: { content: string; images: readonly AttachmentItem[]; network: Network }) {
  const rules = rulesOf(network);
  const user = useCurrentUser();
  const handle = user?.twitterHandle ?? "you";
  const name = user?.userName || handle;
  return (
    <figure className="post-preview" aria-label={`Preview of the post on ${rules.name}`}>
      <div className="post-preview-author">
        {user?.profileImageUrl ? (
          <img src={user.profileImageUrl} alt="" width="40" height="40" className="post-preview-avatar" />
        ) : (
          <span className="post-preview-avatar post-preview-avatar-placeholder" aria-hidden="true">
            {handle.charAt(0).toUpperCase()}
          </span>
        )}
        <span>
          <strong>{name}</strong> <span className="post-preview-handle">{`@${handle}`}</span>
        </span>
      </div>
      <p className="post-preview-text">
        {content.trim() === "" ? (
          <span className="post-preview-empty">Your post appears here.</span>
        ) : (
          rules.text.segments(content).map((segment, index) =>
            segment.kind === "text" ? (
              <span key={index}>{segment.text}</span>
            ) : (
              <span key={index} className={`post-preview-${segment.kind}`}>
                {segment.text}
              </span>
            ),
          )
        )}
      </p>
      {images.length > 0 ? (
        <div className={`post-preview-images post-preview-images-${images.length}`}>
          {images.map((image, index) =>
            image.previewUrl === null ? (
              <span key={image.key} className="post-preview-image-placeholder">{`Image ${index + 1}`}</span>
            ) : (
              <img key={image.key} src={image.previewUrl} alt={`Image ${index + 1} of the post`} />
            ),
          )}
        </div>
      ) : null}
    </figure>
  );
}
