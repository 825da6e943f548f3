import { analyticsAttributes } from "~/lib/analytics/click-attributes";
import { AppIcon } from "~/components/app-icon";
import { Tooltip } from "~/components/tooltip";

/** New Post: enabled only while at least one campaign is running; otherwise dimmed, with the reason on hover/focus. */
export function NewPostButton({ onOpen, enabled, className = "" }: { onOpen: () => void; enabled: boolean; className?: string }) {
  const button = (
    <button
      type="button"
      className={`button button-primary new-post ${className}`}
      aria-disabled={!enabled}
      {...analyticsAttributes("new_post_clicked", "new-post", { enabled: String(enabled) })}
      onClick={() => {
        if (enabled) onOpen();
      }}
    >
      <AppIcon name="lucide:square-pen" size={16} />
      New Post
    </button>
  );
  if (enabled) return button;
  return <Tooltip content="Join a running campaign first: New Post writes a post for one of your campaigns.">{button}</Tooltip>;
}
