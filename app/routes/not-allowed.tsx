import type { Route } from "./+types/not-allowed";
import { seo } from "~/lib/seo";
import { ButtonLink } from "~/components/ui/button";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo({ title: "Domain not allowed", matches }),
  { name: "robots", content: "noindex" },
];

export default function NotAllowed() {
  return (
    <section className="centered-panel">
      <h1>This address is not connected to Chorus</h1>
      <p>
        The website you came from points at Chorus, but it is not registered as one of our partners, so we cannot show campaigns or sign you
        in here.
      </p>
      <p>If you run this website, ask us to register the domain. Otherwise, please use the address your partner gave you.</p>
      <ButtonLink to="/">Go to the start page</ButtonLink>
    </section>
  );
}
