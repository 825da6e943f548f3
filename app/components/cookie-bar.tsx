import { useState, useSyncExternalStore } from "react";
import { Link } from "react-router";
import { type Consent, setConsent, storedConsent } from "~/lib/analytics/consent";
import { Button } from "~/components/ui/button";

const noSubscription = () => () => undefined;

export function CookieBar() {
  // The server cannot know the stored choice, so it renders the bar for everyone: it is in the first paint, not a late
  // arrival after hydration (it was the landing page's largest text, so its LCP waited for the scripts). For a visitor
  // who has chosen, the head's script (consentChosenScript) hides it before the first paint and hydration removes it.
  const unset = useSyncExternalStore(
    noSubscription,
    () => storedConsent(window.localStorage) === null,
    () => true,
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
        <Button onClick={() => choose("decline-all")}>Decline all</Button>
        <Button variant="primary" onClick={() => choose("allow-all")}>
          Allow all
        </Button>
      </div>
    </section>
  );
}
