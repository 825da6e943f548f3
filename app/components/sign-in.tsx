import { useEffect, useState } from "react";
import { useLocation, useParams } from "react-router";
import { analyticsAttributes } from "~/lib/analytics/click-attributes";
import { useAnalyticsScope } from "~/lib/analytics/scope";
import { readLoginContextQuery, readLoginHref } from "~/lib/login-url";
import { useCampaignSelection } from "~/lib/campaign-selection";
import { useRootData } from "~/lib/root-data";
import { trackedEventNames } from "@contracts/analytics-names.ts";
import { trackerDeviceId } from "~/lib/tracker-device";
import { ButtonLink } from "~/components/ui/button";
import { networkAccounts } from "@contracts/networks/accounts.ts";
import { networks, type Network } from "@contracts/networks/ids.ts";
import { HandleSignInForm } from "./handle-sign-in";
import { networkLogos } from "./network-logos";
import "./sign-in.css";

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

type SignInOptions = {
  /** Which button this is, sent as the login's `trigger`. */
  trigger: string;
  returnTo?: string;
  /** Extra login values, such as the invitation being accepted. */
  query?: Record<string, string>;
};

/**
 * A sign-in button for one network. The link (or the handle form, for a network that asks for the handle) works
 * without JavaScript and carries where it was pressed (`trigger`, the domain and partner, the campaign of the page);
 * with JavaScript, the press adds what only the browser knows (the referrer, the page path, the device and the
 * attribution stored on earlier pages), and the button stays busy until the page leaves for the network (SPEC.md
 * section 4's login-loading flag). Tracked as `sign_in_clicked`, with the page's analytics scope and the network.
 */
export function SignInButton({ network, label, trigger, returnTo, query = {} }: SignInOptions & { network: Network; label?: string }) {
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
  const accounts = networkAccounts[network];
  const text = label ?? `Sign in with ${accounts.name}`;
  const analytics = analyticsAttributes(trackedEventNames.signInClicked, "sign-in", {
    advertiser_id: scope.advertiserId,
    campaign_id: scope.campaignId,
    network,
  });
  const href = (extra: Record<string, string>) =>
    readLoginHref({ network, afterLoginRedirectUrl, pageSearch: location.search, extra: { ...context, ...query, ...extra } });
  const hrefOnPress = (extra: Record<string, string>) =>
    readLoginHref({
      network,
      afterLoginRedirectUrl,
      pageSearch: location.search,
      storage: window.localStorage,
      extra: { ...context, ...query, referrer: document.referrer, page_path: location.pathname, deviceId: trackerDeviceId(), ...extra },
    });

  if (accounts.signIn.asksForHandle) {
    return (
      <HandleSignInForm
        networkName={accounts.name}
        handleExample={accounts.signIn.handleExample}
        label={text}
        icon={networkLogos[network]}
        idPrefix={`sign-in-${network}`}
        analytics={analytics}
        hrefFor={(handle) => href({ handle })}
        pressedHrefFor={(handle) => hrefOnPress({ handle })}
      />
    );
  }
  return (
    <ButtonLink
      to={href({})}
      reloadDocument
      variant="primary"
      icon={networkLogos[network]}
      busy={busy}
      {...analytics}
      onClick={(event) => {
        event.preventDefault();
        markBusy();
        window.location.assign(hrefOnPress({}));
      }}
    >
      {text}
    </ButtonLink>
  );
}

/**
 * Sign-in with every network, one button each in the order of `networks`: the ones that ask nothing first, then the
 * ones that ask for the handle. `label` words each button from the network's name.
 */
export function SignInButtons({ label, ...options }: SignInOptions & { label?: (networkName: string) => string }) {
  const ordered = [...networks].sort(
    (a, b) => Number(networkAccounts[a].signIn.asksForHandle) - Number(networkAccounts[b].signIn.asksForHandle),
  );
  return (
    <div className="sign-in-buttons">
      {ordered.map((network) => (
        <SignInButton
          key={network}
          network={network}
          {...options}
          {...(label === undefined ? {} : { label: label(networkAccounts[network].name) })}
        />
      ))}
    </div>
  );
}

/** What a page of the app shows someone who is not signed in. */
export function SignInPrompt() {
  return (
    <section className="card sign-in-prompt" aria-labelledby="sign-in-prompt-title">
      <h1 id="sign-in-prompt-title">Sign in to continue</h1>
      <p>This page belongs to your Chorus account. Sign in to see it; you will come straight back here.</p>
      <SignInButtons trigger="sign-in-prompt" />
    </section>
  );
}
