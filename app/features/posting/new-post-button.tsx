import { analyticsAttributes } from "~/lib/analytics/click-attributes";
import { AppIcon } from "~/components/app-icon";
import { Tooltip } from "~/components/ui/tooltip";
import { Button } from "~/components/ui/button";

/** New Post: enabled only while at least one campaign is running; otherwise dimmed, with the reason on hover/focus. */
export function NewPostButton({ onOpen, enabled, className = "" }: { onOpen: () => void; enabled: boolean; className?: string }) {
  const button = (
    <Button
      variant="primary"
      className={`new-post ${className}`}
      icon={<AppIcon name="lucide:square-pen" size={16} />}
      // Written out as a string: the kit leaves a false aria-disabled off, and the e2e tests read "false".
      aria-disabled={enabled ? "false" : "true"}
      {...analyticsAttributes("new_post_clicked", "new-post", { enabled: String(enabled) })}
      onClick={() => {
        if (enabled) onOpen();
      }}
    >
      New Post
    </Button>
  );
  if (enabled) return button;
  return <Tooltip content="Join a running campaign first: New Post writes a post for one of your campaigns.">{button}</Tooltip>;
}
