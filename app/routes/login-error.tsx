import { useSearchParams } from "react-router";
import type { Route } from "./+types/login-error";
import { seo } from "~/lib/seo";
import { ButtonLink } from "~/components/ui/button";

export const meta: Route.MetaFunction = ({ matches }) => seo({ title: "Sign-in failed", matches });

/** What each `reason` the sign-in flow reports means to a person. */
const reasons: Record<string, string> = {
  access_denied: "X did not grant Chorus access to your account.",
  expired: "The sign-in took too long and expired.",
  invalid_state: "The sign-in link was already used or did not start in this browser.",
  unavailable: "X did not answer. It may be busy right now.",
};

export default function LoginError() {
  const [searchParams] = useSearchParams();
  const reason = reasons[searchParams.get("reason") ?? ""] ?? "Something went wrong while talking to X.";
  return (
    <section className="centered-panel">
      <h1>We could not sign you in with X</h1>
      <p>{reason} Please try again.</p>
      <ButtonLink variant="primary" to="/">
        Back to Chorus
      </ButtonLink>
    </section>
  );
}
