import type { Clock } from "../../clock.ts";
import type { AppConfig } from "../../config.ts";
import type { PostMetrics } from "../../contracts/campaign-rules.ts";
import type { Network, NetworkRules } from "../../contracts/networks/rules.ts";
import type { Database } from "../../database.ts";

/**
 * The one interface through which the product talks to a social network (docs/decisions/040-network-adapter.md):
 * signing a creator in or linking an account, publishing a post with text and images, deleting it, reading posts
 * back in batches, and the network's rules. Each network implements it in its own folder beside this file
 * (./x/adapter.ts); ./registry.ts gives the adapter of a network. Nothing outside a network's folder knows how that
 * network works.
 *
 * An adapter keeps its own credentials: methods take the Chorus user they act for and refresh or restore that
 * user's access on the network themselves.
 */

/** What an adapter is built from: the database (its credentials), the clock, the configuration and the key its tokens are encrypted with. */
export type NetworkDeps = { db: Database; clock: Clock; config: AppConfig; encryptionKey: string };

/** An account on a network, as the network names it. */
export type NetworkAccount = { id: string; handle: string; name: string; avatarUrl: string | null };

/** What a sign-in asks the network for: reading the account only, or publishing for it too. */
export type AuthorizationPurpose = "sign-in" | "publish";

export type AuthorizationRequest = {
  purpose: AuthorizationPurpose;
  /** Chorus's callback URL for this network. */
  redirectUri: string;
  /** Chorus's one-time state, which the network hands back to the callback. */
  state: string;
  /** The PKCE verifier Chorus keeps with the state (an adapter whose OAuth client keeps its own may ignore it). */
  codeVerifier: string;
  /** A handle the person typed, for networks that find the account's server from it. */
  loginHint?: string;
};

export type AuthorizationCallback = {
  /** Every query parameter the network sent to the callback (`code`, `state`, `iss`, …). */
  params: URLSearchParams;
  redirectUri: string;
  codeVerifier: string;
};

/** A completed authorization: the account, and what Chorus may do with it. */
export type NetworkAuthorization = {
  account: NetworkAccount;
  /** Finds or creates the Chorus user this account signs in (a creator), keeps the credentials, and says which. */
  signIn(now: number): Promise<{ userId: string; created: boolean }>;
  /**
   * Links the account to a Chorus user who is signed in already, keeping the credentials. Refused (NetworkError
   * "account-taken") when the account belongs to another Chorus user.
   */
  linkTo(userId: string, now: number): Promise<void>;
};

export type PostImage = { bytes: ArrayBuffer; contentType: string };

export type PostToPublish = {
  text: string;
  images: readonly PostImage[];
  /** Ask the network to show its paid-partnership label, where it has one (every campaign post does). */
  paidPartnership: boolean;
};

export type PublishedPost = { id: string; postedAt: number };

/** A post as the network shows it now. */
export type PostReadBack = {
  id: string;
  /** The author's account id on the network, when the network said. */
  authorId: string | null;
  /** The text as its author wrote it (links expanded, the network's escapes undone). */
  text: string;
  /** Whether the network's paid-partnership label is on the post; null on a network without such a label. */
  paidPartnership: boolean | null;
  /** The counts of the metrics the network reports (others 0); null when the network gave none. */
  metrics: PostMetrics | null;
};

/** One batch read: the posts the network still has, and the ids it says are gone. */
export type PostsRead = { found: PostReadBack[]; missing: string[] };

export type RecentPost = { id: string; text: string; createdAt: number };

export interface NetworkAdapter {
  readonly network: Network;
  readonly rules: NetworkRules;

  /** Where to send the person's browser to authorize Chorus. */
  authorizationUrl(request: AuthorizationRequest): Promise<string>;
  /**
   * Chorus's one-time state as the network's callback carries it (X hands `state` back as sent; Bluesky's OAuth
   * client sends its own key and keeps Chorus's inside); null when the callback carries none Chorus started.
   */
  callbackState(params: URLSearchParams): Promise<string | null>;
  /** Trades the callback for credentials and the account they belong to. */
  completeAuthorization(callback: AuthorizationCallback): Promise<NetworkAuthorization>;
  /**
   * Where a sign-in started at `url` must start instead, when the network's callbacks cannot reach this host (a
   * loopback OAuth client comes back to 127.0.0.1 only); null to start here.
   */
  signInStartUrl(url: URL): string | null;
  /** The OAuth client metadata document of Chorus on `origin`, for a network whose client id is that document's URL; null for others. */
  clientMetadata(origin: string): object | null;
  /** Deletes up to `limit` sign-ins in progress that the network's own OAuth client keeps and that expired before `now`; how many. */
  sweepExpiredSignIns(now: number, limit: number): Promise<number>;

  /** Whether the user has an account on this network that Chorus knows (signed in with it, or linked it). */
  hasAccount(userId: string): Promise<boolean>;
  /** Whether the user has granted what publishing (with images) needs, as far as Chorus knows, without asking the network. */
  canPublish(userId: string): Promise<boolean>;
  /** Publishes for the user; images are uploaded to the network first. */
  publish(userId: string, post: PostToPublish): Promise<PublishedPost>;
  deletePost(userId: string, postId: string): Promise<void>;
  /** Reads up to `rules.readBatchSize` posts with the user's access. */
  readPosts(userId: string, postIds: readonly string[]): Promise<PostsRead>;
  /** The user's own posts since `since` (ms), newest first: how Chorus finds a post it published but could not record. */
  recentPosts(userId: string, options: { since: number; limit: number }): Promise<RecentPost[]>;
}

/**
 * Why a network refused or failed, in the product's terms. Every adapter turns its network's errors into these.
 * - `missing-access`: the user never granted what the call needs (or Chorus has no credentials for them);
 * - `access-revoked`: the network no longer honours the grant (revoked on the network, or expired for good);
 * - `rate-limited`: the network said slow down; `retryAt` says until when, if it did;
 * - `duplicate`: the network refuses the same text twice;
 * - `refused`: the network refused the request for another reason (policy, permissions);
 * - `invalid-post`: the network found the post itself invalid (too long, a bad image);
 * - `account-taken`: linking an account that another Chorus user has;
 * - `unavailable`: no answer, or a server error.
 */
export type NetworkErrorKind =
  "missing-access" | "access-revoked" | "rate-limited" | "duplicate" | "refused" | "invalid-post" | "account-taken" | "unavailable";

/** Plain fields, no parameter properties: Node's type stripping loads it. */
export class NetworkError extends Error {
  readonly network: Network;
  readonly kind: NetworkErrorKind;
  /** The network's own words, for logs and for the creator when it is all there is. */
  readonly detail: string;
  /** When the network said to try again (ms), for `rate-limited`. */
  readonly retryAt: number | null;
  /** Whether the refusal came while uploading one of the post's images (rather than for the post itself). */
  readonly imageUpload: boolean;

  constructor(network: Network, kind: NetworkErrorKind, detail: string, options: { retryAt?: number | null; imageUpload?: boolean } = {}) {
    super(`${network}: ${kind}${detail === "" ? "" : `: ${detail}`}`);
    this.name = "NetworkError";
    this.network = network;
    this.kind = kind;
    this.detail = detail;
    this.retryAt = options.retryAt ?? null;
    this.imageUpload = options.imageUpload ?? false;
  }
}
