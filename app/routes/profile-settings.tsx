import type { Route } from "./+types/profile-settings";
import { SettingsPage } from "~/features/settings/settings-page";
import { WalletsSection } from "~/features/wallets/wallets-section";
import { requireSession } from "~/lib/session.server";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = ({ matches }) => seo({ title: "Settings", matches });

export function loader({ context }: Route.LoaderArgs) {
  requireSession(context);
  return null;
}

/**
 * Changes nothing: the settings change through the API (app/features/settings/api/). A submission here after each
 * change makes React Router run the root loader again (it revalidates only after submissions), so the header and
 * every reader of the current user show the new name, e-mail and two-factor state (`useRefreshCurrentUser`).
 */
export function action() {
  return null;
}

export default function ProfileSettings() {
  return <SettingsPage walletsSection={<WalletsSection />} />;
}
