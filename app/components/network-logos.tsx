import type { ReactNode } from "react";
import type { Network } from "@contracts/networks/rules.ts";

/** Each network's mark, for its sign-in and link buttons. */
export const networkLogos: Record<Network, ReactNode> = {
  x: (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="currentColor">
      <path d="M18.9 2H22l-6.8 7.8L23 22h-6.2l-4.9-6.4L6.3 22H3.2l7.3-8.3L1 2h6.3l4.4 5.9L18.9 2Zm-1.1 18h1.7L6.3 3.9H4.5L17.8 20Z" />
    </svg>
  ),
  bluesky: (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="currentColor">
      <path d="M5.2 3.6c2.5 1.9 5.2 5.7 6.8 7.7 1.6-2 4.3-5.8 6.8-7.7 1.8-1.3 4.7-2.4 4.7.9 0 .7-.4 5.5-.6 6.3-.8 2.8-3.6 3.5-6.1 3.1 4.4.7 5.5 3.2 3.1 5.7-4.6 4.7-6.6-1.2-7.1-2.7l-.1-.4-.1.4c-.5 1.5-2.5 7.4-7.1 2.7-2.4-2.5-1.3-5 3.1-5.7-2.5.4-5.3-.3-6.1-3.1C2.3 10 1.9 5.2 1.9 4.5c0-3.3 2.9-2.2 4.7-.9Z" />
    </svg>
  ),
};
