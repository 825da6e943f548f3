import { data, type RouterContextProvider } from "react-router";
import type { SignedInSession } from "@contracts/current-user.ts";
import { workerContext } from "~/worker-context";

/** For loaders of signed-in pages: the session, or a 401 that the layout turns into a sign-in prompt. */
export function requireSession(context: Readonly<RouterContextProvider>): SignedInSession {
  const { session } = context.get(workerContext);
  if (session === null) throw data("Sign in to see this page.", { status: 401 });
  return session;
}
