import type { NetworkAccounts } from "../rules.ts";
import { X_NAME } from "./name.ts";

/** X's accounts: profiles at x.com, and the sign-in URLs X's app settings know (`/auth/twitter/*`). */
export const xAccounts: NetworkAccounts = {
  name: X_NAME,
  profileUrl: (handle) => `https://x.com/${encodeURIComponent(handle)}`,
  signIn: { path: "twitter", asksForHandle: false, handleExample: "" },
};
