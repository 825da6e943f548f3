import type { LandingPage } from "@contracts/pages.ts";
import { CampaignGrid } from "./campaign-card";
import { SignInButtons } from "~/components/sign-in";
import "./campaigns.css";

export type LandingProps = LandingPage;

function LiveCampaigns({ advertiser, campaigns, now }: LandingProps) {
  return (
    <section aria-labelledby="live-campaigns" className="landing-campaigns">
      <SignInButtons trigger={`landing-${advertiser.slug}`} label={(network) => `Join with ${network}`} returnTo="/campaigns" />
      <h2 id="live-campaigns">Live campaigns</h2>
      <CampaignGrid campaigns={campaigns} now={now} emptyMessage={`${advertiser.name} has no live campaign right now. Check back soon.`} />
    </section>
  );
}

/** The landing page every advertiser gets. */
export function StandardLanding(props: LandingProps) {
  return (
    <div className="landing landing-standard">
      <header className="landing-hero">
        <p className="eyebrow">Creator campaigns</p>
        <h1>{props.advertiser.name}</h1>
        {props.advertiser.tagline ? <p className="lead">{props.advertiser.tagline}</p> : null}
      </header>
      <LiveCampaigns {...props} />
    </div>
  );
}

/** Hand-designed variant for Aurora. */
export function AuroraLanding(props: LandingProps) {
  return (
    <div className="landing landing-aurora">
      <header className="landing-hero">
        <p className="eyebrow">Aurora × creators</p>
        <h1>Light up your feed with Aurora</h1>
        <p className="lead">{props.advertiser.tagline} Post about Aurora on X and get rewarded every week.</p>
      </header>
      <LiveCampaigns {...props} />
    </div>
  );
}

/** Hand-designed variant for Nimbus. */
export function NimbusLanding(props: LandingProps) {
  return (
    <div className="landing landing-nimbus">
      <header className="landing-hero">
        <p className="eyebrow">Nimbus creator programme</p>
        <h1>Your drafts, safe in the cloud. Your posts, rewarded.</h1>
        <p className="lead">{props.advertiser.tagline}</p>
      </header>
      <LiveCampaigns {...props} />
    </div>
  );
}

export const landingVariants: Record<string, (props: LandingProps) => React.JSX.Element> = {
  aurora: AuroraLanding,
  nimbus: NimbusLanding,
};
