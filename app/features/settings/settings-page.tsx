import type { ComponentType, ReactNode } from "react";
import type { UserSettings } from "@contracts/settings.ts";
import { useUserSettings } from "./api/get-settings";
import { errorText } from "~/lib/error-text";
import "./settings.css";
import { BasicSettingsForm } from "./basic-settings-form";
import { EmailSettings } from "./email-settings";
import { TwoFactorSettings } from "./two-factor-settings";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { LinkedAccounts } from "./linked-accounts";

/** The sections read from the settings, in page order; each is linked from the page's nav by its short label. */
const sections: { id: string; navLabel: string; title: string; Form: ComponentType<{ settings: UserSettings }> }[] = [
  { id: "basic", navLabel: "Basic", title: "Basic", Form: BasicSettingsForm },
  { id: "email", navLabel: "E-mail", title: "E-mail", Form: EmailSettings },
  { id: "two-factor", navLabel: "Two-factor", title: "Two-factor authentication", Form: TwoFactorSettings },
  { id: "networks", navLabel: "X and Bluesky", title: "X and Bluesky", Form: LinkedAccounts },
];

/**
 * /profile/settings: Basic, E-mail, Two-factor, and the Wallets section that the route passes in (`walletsSection`).
 * The settings are read in the browser (`GET /v1/user/settings`), with a loading state and a way to try again.
 */
export function SettingsPage({ walletsSection }: { walletsSection?: ReactNode }) {
  const settings = useUserSettings();
  return (
    <div className="settings-page">
      <section className="page-heading">
        <h1>Settings</h1>
        <p className="lead">Your display name, e-mail address, two-factor authentication, accounts on X and Bluesky, and wallets.</p>
        <nav aria-label="Settings sections" className="settings-nav">
          {sections.map((section) => (
            <a key={section.id} href={`#${section.id}`}>
              {section.navLabel}
            </a>
          ))}
          {walletsSection === undefined || walletsSection === null ? null : <a href="#wallets">Wallets</a>}
        </nav>
      </section>

      {settings.isPending ? (
        <div className="card settings-section settings-loading" role="status" aria-live="polite">
          <Spinner />
          Loading your settings…
        </div>
      ) : settings.isError ? (
        <div className="card settings-section" role="alert">
          <p className="form-error">{`Your settings could not be loaded. ${errorText(settings.error)}`}</p>
          <Button onClick={() => void settings.refetch()} disabled={settings.isFetching}>
            {settings.isFetching ? "Trying again…" : "Try again"}
          </Button>
        </div>
      ) : (
        sections.map(({ id, title, Form }) => (
          <section key={id} id={id} className="card settings-section" aria-labelledby={`${id}-heading`}>
            <h2 id={`${id}-heading`}>{title}</h2>
            <Form settings={settings.data} />
          </section>
        ))
      )}

      {/*
        The Wallets section comes from the route (`walletsSection`). It stays outside the settings query above, so
        wallets load and fail on their own.
      */}
      {walletsSection}
    </div>
  );
}
