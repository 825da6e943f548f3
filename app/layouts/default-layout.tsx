import { isRouteErrorResponse, Outlet } from "react-router";
import type { Route } from "./+types/default-layout";
import { ErrorScreen } from "~/components/error-screen";
import { SignInPrompt } from "~/components/sign-in";
import { SiteHeader } from "~/components/site-header";

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <div className="layout layout-default">
      <SiteHeader />
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
