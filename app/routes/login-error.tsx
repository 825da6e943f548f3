import { useSearchParams } from "react-router";
import type { Route } from "./+types/login-error";
import { seo } from "~/lib/seo";
import { ButtonLink } from "~/components/ui/button";
import { networkAccounts } from "@contracts/networks/accounts.ts";
import { networkSchema } from "@contracts/networks/rules.ts";

export const meta: Route.MetaFunction = ({ matches }) => seo({ title: "Sign-in failed", matches });

/** What each `reason` the sign-in flow reports means to a person, on the network named. */
const reasons: Record<string, (network: { name: string; handleExample: string }) => string> = {
  access_denied: () => "The network did not grant Chorus access to your account.",
  unknown_handle: ({ name, handleExample }) =>
    `No ${name} account answers to that handle. Check its spelling (for example ${handleExample}).`,
  not_signed_in: () => "Linking an account needs you signed in to Chorus first.",
  account_taken: () => "That account is linked to another Chorus account already, or yours has another one linked.",
  expired: () => "The sign-in took too long and expired.",
  invalid_state: () => "The sign-in link was already used or did not start in this browser.",
  unavailable: () => "The network did not answer. It may be busy right now.",
};

export default function LoginError() {
  const [searchParams] = useSearchParams();
  const parsed = networkSchema.safeParse(searchParams.get("network"));
  const accounts = parsed.success ? networkAccounts[parsed.data] : null;
  const name = accounts?.name ?? "the network";
  const reason = reasons[searchParams.get("reason") ?? ""];
  const explanation =
    reason === undefined
      ? `Something went wrong while talking to ${name}.`
      : reason({ name, handleExample: accounts?.signIn.handleExample ?? "" });
  return (
    <section className="centered-panel">
      <h1>{accounts === null ? "We could not sign you in" : `We could not sign you in with ${accounts.name}`}</h1>
      <p>{explanation} Please try again.</p>
      <ButtonLink variant="primary" to="/">
        Back to Chorus
      </ButtonLink>
    </section>
  );
}
