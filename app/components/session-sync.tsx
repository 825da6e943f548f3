import { useEffect } from "react";
import { browserClients } from "~/lib/api/browser-clients";
import { sessionIdOf } from "~/lib/api/token-storage";

/**
 * Keeps the browser's stored tokens in line with the session the server rendered: fetched from the session cookie
 * after a sign-in, replaced when they belong to another session (an admin acting as a user), cleared after a
 * sign-out elsewhere.
 */
export function SessionSync({ sessionId }: { sessionId: string | null }) {
  useEffect(() => {
    const { tokens, session } = browserClients();
    if (sessionId === null) {
      tokens.clear();
      return;
    }
    if (sessionIdOf(tokens.accessToken()) !== sessionId) {
      tokens.clear();
      void session.current();
    }
  }, [sessionId]);
  return null;
}
