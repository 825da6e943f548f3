import { useCallback } from "react";
import { useFetcher } from "react-router";

/** Where the settings page lives; its route's action answers nothing and exists for `useRefreshCurrentUser`. */
export const SETTINGS_PATH = "/profile/settings";

/**
 * Shows a settings change everywhere the current user is read (the header, the post preview, `useCurrentUser`): the
 * root loader, which reads it, revalidates only after a submission (app/root.tsx), so this submits to the settings
 * route's empty action and resolves once every loader has run again.
 */
export function useRefreshCurrentUser(): () => Promise<void> {
  const { submit } = useFetcher({ key: "refresh-current-user" });
  return useCallback(() => submit(null, { method: "post", action: SETTINGS_PATH }), [submit]);
}
