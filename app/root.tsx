import type { ReactNode } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/root";
import { AppProviders } from "./components/app-providers";
import { ErrorScreen } from "./components/error-screen";
import { SessionSync } from "./components/session-sync";
import "./styles/app.css";
import { workerContext } from "./worker-context";
import { currentUserFor } from "../worker/domain/accounts/current-user.ts";

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

/** Who is signed in, from the HttpOnly session cookie: the header and every page read it from here. */
export async function loader({ context }: Route.LoaderArgs) {
  const { env, session } = context.get(workerContext);
  const currentUser = session === null ? null : await currentUserFor(env.DB, session);
  return { currentUser, sessionId: currentUser === null ? null : (session?.id ?? null) };
}

/** The signed-in user changes only through sign-in and sign-out, which load a new document. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod !== undefined && defaultShouldRevalidate;
}

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <AppProviders>
      <SessionSync sessionId={loaderData.sessionId} />
      <Outlet />
    </AppProviders>
  );
}

/** One error boundary for every route: a thrown error anywhere renders the spec's error screen. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} />;
}
