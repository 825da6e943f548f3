import { useSearchParams } from "react-router";
import type { Route } from "./+types/login-error";
import { seo } from "~/lib/seo";
import { ButtonLink } from "~/components/ui/button";

export const meta: Route.MetaFunction = ({ matches }) => seo({ title: "Sign-in failed", matches });

/** What each `reason` the sign-in flow reports means to a person. */
const reasons: Record<string, string> = {
  access_denied: "The network did not grant Chorus access to your account.",
  unknown_handle: "No Bluesky account answers to that handle. Check its spelling (for example alice.bsky.social).",
  not_signed_in: "Linking an account needs you signed in to Chorus first.",
  account_taken: "That account is linked to another Chorus account already, or yours has another one linked.",
  expired: "The sign-in took too long and expired.",
  invalid_state: "The sign-in link was already used or did not start in this browser.",
  unavailable: "The network did not answer. It may be busy right now.",
};

const networkNames: Record<string, string> = { x: "X", bluesky: "Bluesky" };

export default function LoginError() {
  const [searchParams] = useSearchParams();
  const network = networkNames[searchParams.get("network") ?? "x"] ?? "X";
  const reason = reasons[searchParams.get("reason") ?? ""] ?? `Something went wrong while talking to ${network}.`;
  return (
    <section className="centered-panel">
      <h1>{`We could not sign you in with ${network}`}</h1>
      <p>{reason} Please try again.</p>
      <ButtonLink variant="primary" to="/">
        Back to Chorus
      </ButtonLink>
    </section>
  );
}
