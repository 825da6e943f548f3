import { Link } from "react-router";
import type { Route } from "./+types/profile";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = () => seo({ title: "Profile" });

export default function Profile() {
  return (
    <>
      <section className="page-heading">
        <h1>Profile</h1>
        <p className="lead">Your X identity, your stats across campaigns and the history of your posts.</p>
      </section>
      <section className="card empty-state">
        <h2>Sign in to see your profile</h2>
        <p>Once you sign in with X, your handle, avatar, earnings and every post you made through Chorus appear here.</p>
        <Link to="/profile/settings">Settings</Link>
      </section>
    </>
  );
}
