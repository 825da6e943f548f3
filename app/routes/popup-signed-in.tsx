import type { Route } from "./+types/popup-signed-in";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = () => seo({ title: "Access granted" });

export default function PopupSignedIn() {
  return (
    <section className="centered-panel">
      <h1>You're all set</h1>
      <p>Chorus can now publish the posts you write. You can close this window and return to the editor.</p>
    </section>
  );
}
