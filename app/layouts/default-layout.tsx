import { lazy, type ReactNode } from "react";
import { isRouteErrorResponse, Outlet } from "react-router";
import type { Route } from "./+types/default-layout";
import { AppFrame } from "~/components/app-frame";
import { ErrorScreen } from "~/components/error-screen";
import { SignInPrompt } from "~/components/sign-in";
import { useCurrentUser } from "~/lib/current-user";
import { InteractiveSuspense } from "~/lib/interactive/interactive-suspense";
import { preloadLazyModule } from "~/lib/lazy-chunks";
import { useRootData } from "~/lib/root-data";

const SignedInFrame = lazy(() => import("./signed-in-frame"));

/** A visitor gets the bare frame; a signed-in user the frame with notifications, the post editor and the data clients. */
function Frame({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const nonce = useRootData()?.nonce;
  if (user === null) return <AppFrame actions={null}>{children}</AppFrame>;
  preloadLazyModule("app/layouts/signed-in-frame.tsx", nonce);
  return (
    <InteractiveSuspense>
      <SignedInFrame>{children}</SignedInFrame>
    </InteractiveSuspense>
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
