/** SPEC.md sections 3 and 4: consent under `userConsent`; any stored value, required-only included, hides the bar. */
export const consentStorageKey = "userConsent";
export const consentValues = ["allow-all", "required-only", "decline-all"] as const;
export type Consent = (typeof consentValues)[number];

/**
 * Runs in the page's head before the first paint: marks the document when the visitor has chosen, so that the cookie
 * bar, which the server renders for everyone (it cannot read localStorage), is hidden by CSS before it is ever shown.
 */
export const consentChosenScript = `try{if(${JSON.stringify(consentValues)}.includes(localStorage.getItem(${JSON.stringify(consentStorageKey)})))document.documentElement.dataset.consentChosen=""}catch{}`;

type ConsentListener = (consent: Consent | null) => void;

export function storedConsent(storage: Pick<Storage, "getItem">): Consent | null {
  const value = storage.getItem(consentStorageKey);
  return consentValues.find((consent) => consent === value) ?? null;
}

/** The visitor's choice in this browser; null on the server or before any choice. */
export function currentConsent(): Consent | null {
  if (typeof window === "undefined") return null;
  return storedConsent(window.localStorage);
}

const listeners = new Set<ConsentListener>();

/** Stores the choice and tells this tab's listeners at once (other tabs learn it from the `storage` event). */
export function setConsent(consent: Consent): void {
  window.localStorage.setItem(consentStorageKey, consent);
  for (const listener of [...listeners]) listener(consent);
}

export function subscribeConsent(listener: ConsentListener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === consentStorageKey || event.key === null) listener(currentConsent());
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}
