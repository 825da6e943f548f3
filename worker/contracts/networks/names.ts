import type { Network } from "./rules.ts";
import { BLUESKY_NAME } from "./bluesky/name.ts";
import { X_NAME } from "./x/name.ts";

/**
 * Each network's name, by id, without its rules: what a card or a report shows beside a post (a page that only names
 * networks does not ship their text counting). The rules in ./registry.ts carry the same names.
 */
export const networkNames: Record<Network, string> = { x: X_NAME, bluesky: BLUESKY_NAME };
