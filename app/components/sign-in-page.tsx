import { networkAccounts } from "@contracts/networks/accounts.ts";
import { networks } from "@contracts/networks/ids.ts";
import { advertiserLoginHref } from "~/lib/login-url";
import { SignInButtons } from "./sign-in";

/*
 * The start page's sign-in, apart from ./sign-in.tsx: only the start page shows it, so its words stay out of the shell
 * that every page loads.
 */

/** The networks' names as a sentence says them: "X and Bluesky". */
function networkNameList(conjunction: string): string {
  const names = networks.map((network) => networkAccounts[network].name);
  return names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")}${conjunction}${names.at(-1)}`;
}

/** The start page for visitors who are not signed in. */
export function SignInPage() {
  return (
    <section className="sign-in-hero" aria-labelledby="sign-in-title">
      <p className="eyebrow">Chorus for creators</p>
      <h1 id="sign-in-title">{`Get rewarded for what you post on ${networkNameList(" and ")}`}</h1>
      <p className="lead">
        Join campaigns from brands you like, post through Chorus, and earn a share of each week's reward pool for the engagement your posts
        bring.
      </p>
      <ol className="steps">
        <li>{`Sign in with your ${networkNameList(" or ")} account.`}</li>
        <li>Join a campaign and post about it.</li>
        <li>Confirm your payout when your posts are eligible, and withdraw to your wallet.</li>
      </ol>
      <SignInButtons trigger="start-page" returnTo="/" />
      <p className="muted small">
        Advertiser? <a href={advertiserLoginHref("/")}>Sign in to your advertiser account</a>.
      </p>
    </section>
  );
}
