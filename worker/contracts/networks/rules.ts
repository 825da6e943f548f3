import { z } from "zod/mini";
import type { CampaignCategory } from "../campaign-categories.ts";
import type { ScoreWeights } from "../campaign-rules.ts";
import { networks, type Network } from "./ids.ts";

export { networks, type Network };

/**
 * The social networks Chorus publishes to, and what each one allows (docs/decisions/040-network-adapter.md). Shared
 * by the browser (the editor counts characters as the network does) and the worker. Each network's rules live in
 * its own folder beside this file; `networkRules` in ./registry.ts lists them.
 */
export const networkSchema = z.enum(networks);

export type MetricKind = keyof ScoreWeights;

export type TextSegment = { kind: "text" | "url" | "mention" | "hashtag"; text: string };

/**
 * A network's accounts as pages and sign-in buttons need them (docs/decisions/052-networks-sealed.md), apart from the
 * rest of the rules so that a page showing a handle or a sign-in button loads no text counting: ./accounts.ts lists
 * them by network.
 */
export type NetworkAccounts = {
  /** The network's name as people write it. */
  name: string;
  /** The page of an account on the network, from its handle (a profile links there). */
  profileUrl: (handle: string) => string;
  /** What a handle on the network looks like (without the "@"), and those words for a form's error. */
  handle: { pattern: RegExp; description: string };
  signIn: {
    /** The segment of Chorus's sign-in URLs: `/auth/{path}/{flow}/login` and `/auth/{path}/callback`. */
    path: string;
    /** Whether the person types their handle first (the network finds their server from it). */
    asksForHandle: boolean;
    /** A handle as the sign-in field shows it, when it asks for one. */
    handleExample: string;
  };
};

export type NetworkRules = {
  network: Network;
  /** The network's name as people write it. */
  name: string;
  /** What the network calls a post. */
  postNoun: string;
  text: {
    /** The most a post may count. */
    limit: number;
    /** How the network counts: X weighs characters; others count graphemes. */
    counting: "weighted" | "graphemes";
    countingDescription: string;
    /** The text's length as the network counts it. */
    count: (text: string) => number;
    /** The text split into plain text, links, mentions and hashtags, as the network will show them. */
    segments: (text: string) => TextSegment[];
    /** The URLs in the text that the network counts as links (X bills a post with one at a higher rate). */
    links: (text: string) => string[];
  };
  accounts: NetworkAccounts;
  images: { maxCount: number; maxBytes: number; contentTypes: readonly string[] };
  /** The counts the network reports for a post (a campaign's weights for any other are meaningless there). */
  metrics: readonly MetricKind[];
  /** Post ids one batch read may ask about. */
  readBatchSize: number;
  /**
   * Whether reading a post back needs its author's access: then one batch holds one author's posts. Counts that are
   * public (Bluesky's app view) are read in batches across authors.
   */
  readsNeedAuthorAccess: boolean;
  rateLimits: {
    /** The limits as the network documents them. */
    description: string;
    /** How the network says "slow down". */
    slowDown: string;
  };
  /** The network's own label for paid partnerships, when it has one, and the categories that may not use it. */
  paidPartnershipLabel: { name: string; excludedCategories: readonly CampaignCategory[] } | null;
};
