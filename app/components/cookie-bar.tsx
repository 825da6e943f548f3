import { useState, useSyncExternalStore } from "react";
import { Link } from "react-router";
import { type Consent, setConsent, storedConsent } from "~/lib/analytics/consent";

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
    setConsent(consent);
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
