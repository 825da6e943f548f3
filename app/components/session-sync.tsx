import { useEffect } from "react";
import { createTokenStorage, sessionIdOf } from "~/lib/api/token-storage";

/**
 * Keeps the browser's stored tokens in line with the session the server rendered: fetched from the session cookie
 * after a sign-in, replaced when they belong to another session (an admin acting as a user), cleared after a
 * sign-out elsewhere. The API clients load only for a signed-in visitor.
 */
export function SessionSync({ sessionId }: { sessionId: string | null }) {
  useEffect(() => {
    const tokens = createTokenStorage(window.localStorage);
    if (sessionId === null) {
      tokens.clear();
      return;
    }
    if (sessionIdOf(tokens.accessToken()) !== sessionId) {
      tokens.clear();
      void import("~/lib/api/browser-clients").then(({ browserClients }) => browserClients().session.current());
    }
  }, [sessionId]);
  return null;
}
