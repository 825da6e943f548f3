import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { Notice } from "~/components/ui/notice";
import { errorText } from "~/lib/error-text";
import type { CurrentTerms } from "@contracts/terms.ts";
import { acceptTerms } from "./api/accept-terms";
import { getCurrentTerms } from "./api/get-current-terms";

type State =
  | { kind: "hidden" }
  | { kind: "open"; terms: NonNullable<CurrentTerms["terms"]>; busy: boolean; error: string | null }
  | { kind: "accepted"; effectiveDate: string };

/**
 * On /articles/terms, for a signed-in user who has not accepted the terms in force: what changed and **Accept**
 * (docs/decisions/032-spec-server-items.md section 2; the terms-and-conditions notification links here). Loaded after
 * hydration: the page itself is prerendered for everyone.
 */
export default function TermsAcceptance() {
  const [state, setState] = useState<State>({ kind: "hidden" });

  useEffect(() => {
    let cancelled = false;
    getCurrentTerms().then(
      (current) => {
        if (cancelled || current?.terms == null || current.acceptedAt !== null) return;
        setState({ kind: "open", terms: current.terms, busy: false, error: null });
      },
      // Nothing to offer when the terms cannot be read: the page is still the terms.
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, []);

  if (state.kind === "hidden") return null;
  if (state.kind === "accepted") {
    return <Notice tone="success">{`Thank you: you accepted the terms in force from ${state.effectiveDate}.`}</Notice>;
  }
  const { terms } = state;
  const accept = () => {
    setState({ ...state, busy: true, error: null });
    acceptTerms(terms.id).then(
      () => setState({ kind: "accepted", effectiveDate: terms.effectiveDate }),
      (error: unknown) => setState({ ...state, busy: false, error: errorText(error) }),
    );
  };
  return (
    <section aria-labelledby="terms-acceptance-heading">
      <h2 id="terms-acceptance-heading">{`New terms from ${terms.effectiveDate}`}</h2>
      <p>{terms.summary}</p>
      {state.error === null ? null : (
        <Notice tone="danger" announce="alert">
          {state.error}
        </Notice>
      )}
      <Button variant="primary" onClick={accept} busy={state.busy} busyLabel="Accepting…">
        Accept the terms
      </Button>
    </section>
  );
}
