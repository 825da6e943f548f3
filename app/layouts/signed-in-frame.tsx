import type { ReactNode } from "react";
import { AppFrame } from "~/components/app-frame";
import { AppProviders } from "~/components/app-providers";
import type { HeaderActions } from "~/components/site-header";
import { useHasCurrentCampaign } from "~/features/campaigns/api/current-campaigns";
import { useRootData } from "~/lib/root-data";
import { NotificationBell } from "~/features/notifications/notification-bell";
import { NotificationsProvider } from "~/features/notifications/notifications-provider";
import { usePostEditor } from "~/features/posting/post-editor-context";
import { NewPostButton } from "~/features/posting/new-post-button";
import { PostEditorProvider } from "~/features/posting/post-editor-provider";

function FrameWithActions({ children }: { children: ReactNode }) {
  const newPostEnabled = useHasCurrentCampaign(useRootData()?.hasCurrentCampaign ?? false);
  const editor = usePostEditor();
  const openNewPost = () => editor.open({ mode: "post" });
  const actions: HeaderActions = {
    newPostEnabled,
    openNewPost,
    openFeedback: () => editor.open({ mode: "feedback" }),
    bell: <NotificationBell />,
    newPost: <NewPostButton onOpen={openNewPost} enabled={newPostEnabled} />,
  };
  return <AppFrame actions={actions}>{children}</AppFrame>;
}

/**
 * The frame of a signed-in user, with what only they use: the data clients, notifications and the post editor. The
 * default layout loads it on demand, so a visitor's pages never carry it. It lives with the layouts because it puts
 * features (notifications, posting, campaigns) into the shell's header, which may not import them itself.
 */
export default function SignedInFrame({ children }: { children: ReactNode }) {
  return (
    <AppProviders>
      <NotificationsProvider signedIn>
        <PostEditorProvider>
          <FrameWithActions>{children}</FrameWithActions>
        </PostEditorProvider>
      </NotificationsProvider>
    </AppProviders>
  );
}
