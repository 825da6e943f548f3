import { isRouteErrorResponse, Outlet } from "react-router";
import type { Route } from "./+types/default-layout";
import { ErrorScreen } from "~/components/error-screen";
import { SignInPrompt } from "~/components/sign-in";
import { useHasCurrentCampaign } from "~/components/new-post-button";
import { NotificationBell } from "~/components/notifications/notification-bell";
import { NotificationsProvider } from "~/components/notifications/notifications-provider";
import { usePostEditor } from "~/components/post-editor/post-editor-context";
import { PostEditorProvider } from "~/components/post-editor/post-editor-provider";
import { SiteHeader, type HeaderActions } from "~/components/site-header";
import { useBrand } from "~/lib/brand";
import { useCurrentUser } from "~/lib/current-user";

/**
 * The app's frame in the layout of the hostname's brand: the Chorus default, the partner layout (Chorus with the
 * partner's name and colours) or the dedicated co-branded layout of the two dedicated brands.
 */
function SignedInFrame({ children }: { children: React.ReactNode }) {
  const newPostEnabled = useHasCurrentCampaign();
  const editor = usePostEditor();
  const actions: HeaderActions = {
    newPostEnabled,
    openNewPost: () => editor.open({ mode: "post" }),
    openFeedback: () => editor.open({ mode: "feedback" }),
    bell: <NotificationBell />,
  };
  return <FrameWith actions={actions}>{children}</FrameWith>;
}

function Frame({ children }: { children: React.ReactNode }) {
  const user = useCurrentUser();
  if (user === null) return <FrameWith actions={null}>{children}</FrameWith>;
  return (
    <NotificationsProvider signedIn>
      <PostEditorProvider>
        <SignedInFrame>{children}</SignedInFrame>
      </PostEditorProvider>
    </NotificationsProvider>
  );
}

function FrameWith({ children, actions }: { children: React.ReactNode; actions: HeaderActions | null }) {
  const { brand, layout } = useBrand();
  return (
    <div className={`layout layout-default brand-layout-${layout}`}>
      {layout === "dedicated" && brand !== null ? (
        <div className="brand-band" role="note">
          {`${brand.displayName} creator rewards, run with Chorus`}
        </div>
      ) : null}
      <SiteHeader actions={actions} />
      <main id="main" className="page">
        {children}
      </main>
      <footer className="site-footer" />
    </div>
  );
}

/** The signed-in app: header with the main navigation, the page, and the (empty) footer. */
export default function DefaultLayout() {
  return (
    <Frame>
      <Outlet />
    </Frame>
  );
}

/** Pages of the app ask visitors who are not signed in to sign in; other errors keep the header around them. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 401) {
    return (
      <Frame>
        <SignInPrompt />
      </Frame>
    );
  }
  return <ErrorScreen error={error} />;
}
