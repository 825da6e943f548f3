import { useSearchParams } from "react-router";
import { AppProviders } from "~/components/app-providers";
import { errorText } from "~/lib/error-text";
import { useConfirmEmailLink } from "./api/confirm-email-link";
import { outcomeWords } from "./link-outcomes";
import "./settings.css";
import { Button, ButtonLink } from "~/components/ui/button";

/**
 * `/verify?token=…`, opened from the e-mail-change message. Opening the page changes nothing (mail scanners fetch
 * links): the person confirms with a button, which POSTs the token, and the page says what happened.
 */
export function VerifyEmailPage() {
  return (
    <AppProviders>
      <VerifyPanel />
    </AppProviders>
  );
}

function VerifyPanel() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const confirm = useConfirmEmailLink();

  if (token === "") {
    return (
      <section className="centered-panel verify-panel">
        <h1>Check your inbox</h1>
        <p>
          This page confirms a new e-mail address from the link in our e-mail, and this address has no link in it. Open the link from the
          e-mail again, or enter its 6-digit code in your settings. Codes expire after 10 minutes.
        </p>
        <ButtonLink variant="primary" to="/profile/settings#email">
          Open settings
        </ButtonLink>
      </section>
    );
  }

  if (confirm.isSuccess) {
    const words = outcomeWords[confirm.data.outcome];
    return (
      <section className="centered-panel verify-panel" aria-labelledby="verify-heading">
        <h1 id="verify-heading">{words.title}</h1>
        <p role="status" data-testid="verify-outcome">
          {words.text(confirm.data.email)}
        </p>
        <ButtonLink variant="primary" to="/profile/settings#email">
          Open settings
        </ButtonLink>
      </section>
    );
  }

  return (
    <section className="centered-panel verify-panel" aria-labelledby="verify-heading">
      <h1 id="verify-heading">Confirm your new e-mail address</h1>
      <p>You opened the link from the e-mail we sent to your new address. Confirm to make it your e-mail address on Chorus.</p>
      <Button variant="primary" disabled={confirm.isPending} aria-busy={confirm.isPending} onClick={() => confirm.mutate(token)}>
        {confirm.isPending ? "Confirming…" : "Confirm my e-mail address"}
      </Button>
      {confirm.isError ? (
        <p role="alert" className="form-error">
          {`It did not work: ${errorText(confirm.error)} Try again.`}
        </p>
      ) : null}
    </section>
  );
}
