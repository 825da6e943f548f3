import type { Route } from "./+types/profile-settings";
import { useCurrentUser } from "~/lib/current-user";
import { requireSession } from "~/lib/session.server";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = ({ matches }) => seo({ title: "Settings", matches });

export function loader({ context }: Route.LoaderArgs) {
  requireSession(context);
  return null;
}

export default function ProfileSettings() {
  const user = useCurrentUser();
  return (
    <>
      <section className="page-heading">
        <h1>Settings</h1>
        <p className="lead">Your display name, e-mail address, two-factor authentication and wallets.</p>
      </section>
      <section className="card" aria-labelledby="account-settings">
        <h2 id="account-settings">Account</h2>
        <dl className="facts facts-stacked">
          <div>
            <dt>X account</dt>
            <dd>{`@${user?.twitterHandle ?? ""}`}</dd>
          </div>
          <div>
            <dt>E-mail</dt>
            <dd>{user?.verifiedEmail || user?.email || "Not set"}</dd>
          </div>
          <div>
            <dt>Two-factor authentication</dt>
            <dd>{user?.verifiedTwoFactorAuthEnabled ? "On" : "Off"}</dd>
          </div>
        </dl>
      </section>
    </>
  );
}
