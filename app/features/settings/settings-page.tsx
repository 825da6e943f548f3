import type { ReactNode } from "react";
import { useUserSettings } from "./api/get-settings";
import { errorText } from "~/lib/error-text";
import "./settings.css";
import { BasicSettingsForm } from "./basic-settings-form";
import { EmailSettings } from "./email-settings";
import { TwoFactorSettings } from "./two-factor-settings";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { LinkedAccounts } from "./linked-accounts";

function SettingsSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} className="card settings-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{title}</h2>
      {children}
    </section>
  );
}

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
          <a href="#basic">Basic</a>
          <a href="#email">E-mail</a>
          <a href="#two-factor">Two-factor</a>
          <a href="#networks">X and Bluesky</a>
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
        <>
          <SettingsSection id="basic" title="Basic">
            <BasicSettingsForm settings={settings.data} />
          </SettingsSection>
          <SettingsSection id="email" title="E-mail">
            <EmailSettings settings={settings.data} />
          </SettingsSection>
          <SettingsSection id="two-factor" title="Two-factor authentication">
            <TwoFactorSettings settings={settings.data} />
          </SettingsSection>
          <SettingsSection id="networks" title="X and Bluesky">
            <LinkedAccounts settings={settings.data} />
          </SettingsSection>
        </>
      )}

      {/*
        The Wallets section comes from the route (`walletsSection`). It stays outside the settings query above, so
        wallets load and fail on their own.
      */}
      {walletsSection}
    </div>
  );
}
