import "./lib/zod-without-eval";
import { useState, type ReactNode } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/root";
import { BuildUpdateReload } from "./components/build-update-reload";
import { CookieBar } from "./components/cookie-bar";
import { CampaignSelectionProvider } from "./lib/campaign-selection";
import { Toasts } from "./components/toasts";
import { ErrorScreen } from "./components/error-screen";
import { SessionSync } from "./components/session-sync";
import tokensStylesheet from "./styles/tokens.css?url";
import appStylesheet from "./styles/app.css?url";
import uiKitStylesheet from "./components/ui/ui.css?url";
import { workerContext } from "./worker-context";
import { layoutForBrand } from "@contracts/brand.ts";
import { documentUser } from "@loaders/root.server.ts";
import { themeStyle } from "./lib/brand";
import { errorDetails } from "./lib/error-details";
import { seo } from "./lib/seo";
import { useRootData, type RootData } from "./lib/root-data";
import { configureIcons } from "./lib/icons";
import { TrackerDeviceSync } from "./components/tracker-device-sync";
import { AnalyticsTracker } from "./components/analytics-tracker";
import { Telemetry } from "./lib/telemetry/browser-telemetry";
import { consentChosenScript } from "./lib/analytics/consent";
import { DocumentHydrated } from "./lib/interactive/interactive-suspense";
import { tapRecorderScript } from "./lib/interactive/tap-recorder";

/**
 * The site's title and link preview for pages that set none, and a title for every error screen (a boundary above the
 * failing route leaves only the routes up to it to title the page).
 */
export const meta: Route.MetaFunction = ({ error, matches, location }) => {
  if (error === undefined) return seo({ matches });
  const { status } = errorDetails(error, location.pathname);
  const title = status === 404 ? "Page not found" : status === 403 ? "Not allowed" : `Error ${status}`;
  return [...seo({ title, matches }), { name: "robots", content: "noindex" }];
};

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

/**
 * Who is signed in (from the HttpOnly session cookie) and which brand this hostname shows, both known before the
 * first byte, so the page is rendered in the right layout and colours from the start.
 */
export async function loader({ context }: Route.LoaderArgs): Promise<RootData> {
  const { capabilities, session, brand, nonce } = context.get(workerContext);
  const { config } = capabilities;
  const { currentUser, hasCurrentCampaign } = await documentUser(capabilities, session);
  return {
    currentUser,
    hasCurrentCampaign,
    sessionId: currentUser === null ? null : (session?.id ?? null),
    brand,
    brandLayout: layoutForBrand(brand?.theme ?? null, config.dedicatedBrands),
    iconEndpoint: config.iconEndpoint,
    telemetry: { instrumentationKey: config.telemetry.instrumentationKey },
    nonce,
  };
}

/** The signed-in user changes only through sign-in and sign-out, which load a new document. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod !== undefined && defaultShouldRevalidate;
}

export function Layout({ children }: { children: ReactNode }) {
  const root = useRootData();
  const brand = root?.brand ?? null;
  return (
    <html
      // The head's consent script may mark the document before hydration.
      suppressHydrationWarning
      lang="en"
      data-brand={brand?.theme}
      data-brand-layout={root?.brandLayout ?? "default"}
      style={brand === null ? undefined : themeStyle(brand)}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* With a precedence React writes them, in this order, before every preload of the head: the first paint waits
            for nothing else. The tokens come first: app.css and the kit's ui.css read them. */}
        <link rel="stylesheet" href={tokensStylesheet} precedence="app" />
        <link rel="stylesheet" href={appStylesheet} precedence="app" />
        <link rel="stylesheet" href={uiKitStylesheet} precedence="app" />
        <Meta />
        <Links />
        <script nonce={root?.nonce} dangerouslySetInnerHTML={{ __html: consentChosenScript }} />
        <script nonce={root?.nonce} dangerouslySetInnerHTML={{ __html: tapRecorderScript }} />
      </head>
      <body>
        {children}
        {root === undefined ? null : (
          <Telemetry instrumentationKey={root.telemetry.instrumentationKey} userId={root.currentUser?.userId ?? null} />
        )}
        <DocumentHydrated />
        <ScrollRestoration nonce={root?.nonce} />
        <Scripts nonce={root?.nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  useState(() => {
    if (typeof window !== "undefined") configureIcons(loaderData.iconEndpoint);
  });
  // The data clients (TanStack Query, tRPC) are provided by the layouts and pages that fetch, not here: public pages
  // never load them.
  return (
    <>
      <SessionSync sessionId={loaderData.sessionId} />
      <BuildUpdateReload />
      <TrackerDeviceSync />
      <AnalyticsTracker />
      <CampaignSelectionProvider>
        <Outlet />
      </CampaignSelectionProvider>
      <CookieBar />
      <Toasts />
    </>
  );
}

/** One error boundary for every route: a thrown error anywhere renders the spec's error screen. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} />;
}
