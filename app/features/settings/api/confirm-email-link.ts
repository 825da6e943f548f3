import { useMutation, useQueryClient } from "@tanstack/react-query";
import { createApiClient } from "~/lib/api/http-client";
import type { SessionTokens } from "~/lib/api/session-tokens";
import { emailLinkOutcomeSchema, type EmailLinkOutcome } from "@contracts/settings.ts";
import { settingsKeys } from "./get-settings";

/**
 * The e-mail's link needs no session (it is the proof, and may be opened on a phone that is not signed in), so it is
 * sent without one: no token is looked for, and no sign-in is attempted.
 */
const withoutSession: SessionTokens = {
  current: () => Promise.resolve(null),
  refreshAfter: () => Promise.reject(new Error("This call needs no session")),
  end: (cause) => {
    throw cause instanceof Error ? cause : new Error("This call needs no session");
  },
};

/** `POST /v1/user/settings/email/verify-link`: confirms the address of the e-mail's `/verify?token=…` link. */
export function confirmEmailLink(token: string): Promise<EmailLinkOutcome> {
  const api = createApiClient({ fetch: (input, init) => window.fetch(input, init), session: withoutSession });
  return api.post("/v1/user/settings/email/verify-link", emailLinkOutcomeSchema, { body: { token }, required: { token } });
}

/** Confirming changes the settings of whoever is signed in here (if it is them): those are refetched. */
export function useConfirmEmailLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailLink,
    networkMode: "always",
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.all }),
  });
}
