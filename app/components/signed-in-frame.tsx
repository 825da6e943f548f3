import type { ReactNode } from "react";
import { AppFrame } from "./app-frame";
import { AppProviders } from "./app-providers";
import type { HeaderActions } from "./site-header";
import { useHasCurrentCampaign } from "~/features/campaigns/api/current-campaigns";
import { useRootData } from "~/lib/root-data";
import { NotificationBell } from "./notifications/notification-bell";
import { NotificationsProvider } from "./notifications/notifications-provider";
import { usePostEditor } from "./post-editor/post-editor-context";
import { PostEditorProvider } from "./post-editor/post-editor-provider";

function FrameWithActions({ children }: { children: ReactNode }) {
  const newPostEnabled = useHasCurrentCampaign(useRootData()?.hasCurrentCampaign ?? false);
  const editor = usePostEditor();
  const actions: HeaderActions = {
    newPostEnabled,
    openNewPost: () => editor.open({ mode: "post" }),
    openFeedback: () => editor.open({ mode: "feedback" }),
    bell: <NotificationBell />,
  };
  return <AppFrame actions={actions}>{children}</AppFrame>;
}

/**
 * The frame of a signed-in user, with what only they use: the data clients, notifications and the post editor. The
 * default layout loads it on demand, so a visitor's pages never carry it.
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
