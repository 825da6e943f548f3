import { useState, useSyncExternalStore } from "react";
import { Link } from "react-router";

/** SPEC.md sections 3 and 4: consent under `userConsent`; any stored value, required-only included, hides the bar. */
export const consentStorageKey = "userConsent";
export const consentValues = ["allow-all", "required-only", "decline-all"] as const;
export type Consent = (typeof consentValues)[number];

export function storedConsent(storage: Pick<Storage, "getItem">): Consent | null {
  const value = storage.getItem(consentStorageKey);
  return consentValues.find((consent) => consent === value) ?? null;
}

const noSubscription = () => () => undefined;

export function CookieBar() {
  // The server cannot know the stored choice, so the bar renders only in the browser: a returning visitor never
  // sees it flash.
  const unset = useSyncExternalStore(
    noSubscription,
    () => storedConsent(window.localStorage) === null,
    () => false,
  );
  const [chosen, setChosen] = useState(false);
  if (!unset || chosen) return null;
  const choose = (consent: Consent) => {
    window.localStorage.setItem(consentStorageKey, consent);
    setChosen(true);
  };
  return (
    <section className="cookie-bar" role="region" aria-label="Cookie consent">
      <p>
        We use cookies to keep you signed in and, with your permission, to understand how Chorus is used. Read our{" "}
        <Link to="/articles/privacy-policy">privacy policy</Link>.
      </p>
      <div className="cookie-actions">
        <button type="button" className="button" onClick={() => choose("decline-all")}>
          Decline all
        </button>
        <button type="button" className="button button-primary" onClick={() => choose("allow-all")}>
          Allow all
        </button>
      </div>
    </section>
  );
}
