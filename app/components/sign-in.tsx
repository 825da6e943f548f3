import { useEffect, useState } from "react";
import { useLocation, useParams } from "react-router";
import { analyticsAttributes } from "~/lib/analytics/click-attributes";
import { useAnalyticsScope } from "~/lib/analytics/scope";
import { advertiserLoginHref, readLoginContextQuery, readLoginHref } from "~/lib/login-url";
import { useCampaignSelection } from "~/lib/campaign-selection";
import { useRootData } from "~/lib/root-data";
import { trackedEventNames } from "@contracts/analytics-names.ts";
import { trackerDeviceId } from "~/lib/tracker-device";
import { ButtonLink } from "~/components/ui/button";
import { SignInWithBlueskyForm } from "./bluesky-sign-in";

function XLogo() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="currentColor">
      <path d="M18.9 2H22l-6.8 7.8L23 22h-6.2l-4.9-6.4L6.3 22H3.2l7.3-8.3L1 2h6.3l4.4 5.9L18.9 2Zm-1.1 18h1.7L6.3 3.9H4.5L17.8 20Z" />
    </svg>
  );
}

/**
 * Busy from the press until the page is gone. A page the browser brings back from its back-forward cache (the person
 * pressed Back on X) comes back as it was left, busy: `pageshow` with `persisted` resets it.
 */
function useBusyUntilPageLeaves() {
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) setBusy(false);
    };
    window.addEventListener("pageshow", restored);
    return () => window.removeEventListener("pageshow", restored);
  }, []);
  return [busy, () => setBusy(true)] as const;
}

/**
 * "Sign in with X". The link works without JavaScript and carries where it was pressed (`trigger`, the domain and
 * partner, the campaign of the page); with JavaScript, the click adds what only the browser knows (the referrer, the
 * page path, the device and the attribution stored on earlier pages), and the button stays busy until the page leaves
 * for X (SPEC.md section 4's login-loading flag). Tracked as `sign_in_clicked`, with the page's analytics scope.
 */
export function SignInWithXButton({
  trigger,
  returnTo,
  label = "Sign in with X",
  query = {},
}: {
  /** Which button this is, sent as the login's `trigger`. */
  trigger: string;
  returnTo?: string;
  label?: string;
  /** Extra login values, such as the invitation being accepted. */
  query?: Record<string, string>;
}) {
  const location = useLocation();
  const routeCampaignId = useParams().campaignId;
  const scope = useAnalyticsScope();
  const root = useRootData();
  const selection = useCampaignSelection();
  const [busy, markBusy] = useBusyUntilPageLeaves();
  const campaignId = scope.campaignId ?? routeCampaignId ?? null;
  const context = readLoginContextQuery({
    trigger,
    partnerName: root?.brand?.theme ?? null,
    brandLayout: root?.brandLayout ?? "default",
    campaignId,
    campaignWeek: selection.campaignId === campaignId ? selection.campaignWeek : null,
  });
  const afterLoginRedirectUrl = returnTo ?? `${location.pathname}${location.search}`;
  const href = readLoginHref({ afterLoginRedirectUrl, pageSearch: location.search, extra: { ...context, ...query } });
  return (
    <ButtonLink
      to={href}
      reloadDocument
      variant="primary"
      icon={<XLogo />}
      busy={busy}
      {...analyticsAttributes(trackedEventNames.signInClicked, "sign-in", {
        advertiser_id: scope.advertiserId,
        campaign_id: scope.campaignId,
      })}
      onClick={(event) => {
        event.preventDefault();
        markBusy();
        window.location.assign(
          readLoginHref({
            afterLoginRedirectUrl,
            pageSearch: location.search,
            storage: window.localStorage,
            extra: {
              ...context,
              ...query,
              referrer: document.referrer,
              page_path: location.pathname,
              deviceId: trackerDeviceId(),
            },
          }),
        );
      }}
    >
      {label}
    </ButtonLink>
  );
}

/** The start page for visitors who are not signed in. */
export function SignInPage() {
  return (
    <section className="sign-in-hero" aria-labelledby="sign-in-title">
      <p className="eyebrow">Chorus for creators</p>
      <h1 id="sign-in-title">Get rewarded for what you post on X</h1>
      <p className="lead">
        Join campaigns from brands you like, post through Chorus, and earn a share of each week's reward pool for the engagement your posts
        bring.
      </p>
      <ol className="steps">
        <li>Sign in with your X or Bluesky account.</li>
        <li>Join a campaign and post about it.</li>
        <li>Confirm your payout when your posts are eligible, and withdraw to your wallet.</li>
      </ol>
      <div className="actions">
        <SignInWithXButton trigger="start-page" returnTo="/" />
      </div>
      <SignInWithBlueskyForm />
      <p className="muted small">
        Advertiser? <a href={advertiserLoginHref("/")}>Sign in to your advertiser account</a>.
      </p>
    </section>
  );
}

/** What a page of the app shows someone who is not signed in. */
export function SignInPrompt() {
  return (
    <section className="card sign-in-prompt" aria-labelledby="sign-in-prompt-title">
      <h1 id="sign-in-prompt-title">Sign in to continue</h1>
      <p>This page belongs to your Chorus account. Sign in with X to see it; you will come straight back here.</p>
      <SignInWithXButton trigger="sign-in-prompt" />
    </section>
  );
}
