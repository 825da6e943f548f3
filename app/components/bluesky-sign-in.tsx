import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { TextInput } from "~/components/ui/text-input";
import "./bluesky-sign-in.css";

function BlueskyLogo() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="currentColor">
      <path d="M5.2 3.6c2.5 1.9 5.2 5.7 6.8 7.7 1.6-2 4.3-5.8 6.8-7.7 1.8-1.3 4.7-2.4 4.7.9 0 .7-.4 5.5-.6 6.3-.8 2.8-3.6 3.5-6.1 3.1 4.4.7 5.5 3.2 3.1 5.7-4.6 4.7-6.6-1.2-7.1-2.7l-.1-.4-.1.4c-.5 1.5-2.5 7.4-7.1 2.7-2.4-2.5-1.3-5 3.1-5.7-2.5.4-5.3-.3-6.1-3.1C2.3 10 1.9 5.2 1.9 4.5c0-3.3 2.9-2.2 4.7-.9Z" />
    </svg>
  );
}

/**
 * A handle field and a button that start a Bluesky authorization at `action`. Bluesky has no one sign-in page: the
 * handle says which server the account lives on. The browser goes there by navigation, not by submitting the form:
 * the app's CSP (`form-action 'self'`) also governs where a submission's redirects may lead, and the account's
 * server can be anywhere. A sign-in comes back to the start page, a link to the settings (the flows' own targets).
 */
export function BlueskyHandleForm({
  action,
  label,
  idPrefix,
}: {
  action: "/auth/bluesky/login" | "/auth/bluesky/link";
  label: string;
  idPrefix: string;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="bluesky-handle-form"
      method="get"
      action={action}
      onSubmit={(event) => {
        event.preventDefault();
        const handle = new FormData(event.currentTarget).get("handle");
        setBusy(true);
        window.location.assign(`${action}?${new URLSearchParams({ handle: typeof handle === "string" ? handle : "" }).toString()}`);
      }}
    >
      <Field id={`${idPrefix}-handle`} label="Bluesky handle" hint="For example alice.bsky.social" required>
        <TextInput name="handle" autoComplete="username" autoCapitalize="none" spellCheck={false} inputMode="url" />
      </Field>
      <Button type="submit" variant="secondary" icon={<BlueskyLogo />} busy={busy}>
        {label}
      </Button>
    </form>
  );
}

/** "Sign in with Bluesky" beside "Sign in with X". */
export function SignInWithBlueskyForm() {
  return <BlueskyHandleForm action="/auth/bluesky/login" label="Sign in with Bluesky" idPrefix="sign-in-bluesky" />;
}
