import type { EmailLinkOutcome } from "@contracts/settings.ts";

/** What happened, in words, for every outcome of the e-mail's link. */
export const outcomeWords: Record<EmailLinkOutcome["outcome"], { title: string; text: (email: string | null) => string }> = {
  confirmed: {
    title: "Your e-mail address is confirmed",
    text: (email) => `Done: ${email ?? "the address"} is now your e-mail address on Chorus.`,
  },
  expired: {
    title: "This link has expired",
    text: () => "Links and codes work for 10 minutes. Nothing was changed: ask for a new code in your settings.",
  },
  used: {
    title: "This link was already used",
    text: () => "Each link works once. If your address has not changed, ask for a new code in your settings.",
  },
  locked: {
    title: "This code is locked",
    text: () => "Someone entered too many wrong codes for it. Nothing was changed: ask for a new code in your settings.",
  },
  unknown: {
    title: "We do not know this link",
    text: () =>
      "It may be cut short, or a newer e-mail replaced it. Open the link in the newest e-mail from Chorus, or enter its code in your settings.",
  },
};
