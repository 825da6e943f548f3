import { Link } from "react-router";
import type { Route } from "./+types/verify";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = ({ matches }) => [...seo({ title: "Verify", matches }), { name: "robots", content: "noindex" }];

export default function Verify() {
  return (
    <section className="centered-panel">
      <h1>Check your inbox</h1>
      <p>
        We sent a verification code to confirm it is you. Enter it where you asked for it, in Chorus settings or in the withdrawal dialog.
        Codes expire after 10 minutes.
      </p>
      <Link to="/profile/settings" className="button button-primary">
        Open settings
      </Link>
    </section>
  );
}
