import type { Route } from "./+types/profile-settings";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = () => seo({ title: "Settings" });

export default function ProfileSettings() {
  return (
    <>
      <section className="page-heading">
        <h1>Settings</h1>
        <p className="lead">Your display name, e-mail address, two-factor authentication and wallets.</p>
      </section>
      <section className="card empty-state">
        <h2>Sign in to change your settings</h2>
        <p>Settings belong to your account. Sign in with X to manage them.</p>
      </section>
    </>
  );
}
