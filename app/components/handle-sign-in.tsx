import { useState, type ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { HiddenField } from "~/components/ui/hidden-field";
import { TextInput } from "~/components/ui/text-input";
import "./handle-sign-in.css";

/**
 * A handle field and a button, for a network that finds the account's server from the handle (it has no one sign-in
 * page). `hrefFor` gives the sign-in URL for a handle as the page renders it, `pressedHrefFor` as the press sends it
 * (with what only the browser knows); the browser goes there by navigation, not by submitting the form: the app's CSP (`form-action 'self'`) also governs where a submission's redirects may lead, and
 * the account's server can be anywhere.
 */
export function HandleSignInForm({
  networkName,
  handleExample,
  label,
  icon,
  idPrefix,
  hrefFor,
  pressedHrefFor = hrefFor,
  analytics = {},
}: {
  networkName: string;
  handleExample: string;
  label: string;
  icon: ReactNode;
  idPrefix: string;
  hrefFor: (handle: string) => string;
  pressedHrefFor?: (handle: string) => string;
  /** Click-tracking attributes for the button (`data-analytics-*`). */
  analytics?: Record<string, string>;
}) {
  const [busy, setBusy] = useState(false);
  // Without JavaScript the form submits itself: the sign-in's other values travel as hidden fields.
  const [action, search = ""] = hrefFor("").split("?");
  const carried = [...new URLSearchParams(search)].filter(([name]) => name !== "handle");
  return (
    <form
      className="handle-sign-in-form"
      method="get"
      action={action}
      onSubmit={(event) => {
        event.preventDefault();
        const handle = new FormData(event.currentTarget).get("handle");
        setBusy(true);
        window.location.assign(pressedHrefFor(typeof handle === "string" ? handle : ""));
      }}
    >
      {carried.map(([name, value]) => (
        <HiddenField key={name} name={name} value={value} />
      ))}
      <Field id={`${idPrefix}-handle`} label={`${networkName} handle`} hint={`For example ${handleExample}`} required>
        <TextInput name="handle" autoComplete="username" autoCapitalize="none" spellCheck={false} inputMode="url" />
      </Field>
      <Button type="submit" variant="secondary" icon={icon} busy={busy} {...analytics}>
        {label}
      </Button>
    </form>
  );
}
