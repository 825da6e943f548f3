import type { NetworkAccounts } from "../rules.ts";
import { X_NAME } from "./name.ts";

/** X's accounts: profiles at x.com, and the sign-in URLs X's app settings know (`/auth/twitter/*`). */
export const xAccounts: NetworkAccounts = {
  name: X_NAME,
  profileUrl: (handle) => `https://x.com/${encodeURIComponent(handle)}`,
  handle: { pattern: /^[A-Za-z0-9_]{1,15}$/, description: "1 to 15 letters, digits or underscores" },
  signIn: { path: "twitter", asksForHandle: false, handleExample: "" },
};
