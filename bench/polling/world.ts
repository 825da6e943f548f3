/**
 * The polling benchmark's world (bench/polling/run.ts), written straight into local storage before anything starts:
 * the product's D1 file (`node:sqlite` on the file Miniflare keeps, after the real migrations, as bench/scale/world.ts
 * does) and the state files of the two stand-ins (emulators/x and emulators/bluesky read them at start).
 * Every post exists on both sides with the same id: a row in `posts` and `post_metrics` due for its first poll, and
 * the post on its network with counts (the stand-ins derive counts from the id and the posting time).
 *
 * Shape: C creators, each with an X account (tokens stored encrypted as the product stores them, and known to the X
 * stand-in) and a Bluesky account (a DID and handle on the stand-in, linked in `network_accounts`), each in one of K
 * live campaigns that run on both networks. Post n belongs to creator n mod C and is on X in even rounds of C posts,
 * on Bluesky in odd ones, so each creator has as many posts on each network; posting times rise with n, so the posts
 * that are due first are spread over every creator, as real posting is. All of them are due when the run starts (a
 * backlog): the benchmark measures one full pass.
 */
import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { cidOf } from "../../emulators/bluesky/ids.ts";
import type { BlueskyState } from "../../emulators/bluesky/state.ts";
import type { XState } from "../../emulators/x/state.ts";
import { FIRST_POLL_AFTER } from "../../worker/domain/rewards/poll-schedule.ts";
import { encryptSecret } from "../../worker/security/encryption.ts";
import { localD1File } from "../scale/world.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const X_SCOPES = ["tweet.read", "users.read", "tweet.write", "offline.access", "media.write"];

export type PollingWorldShape = { creators: number; postsPerNetwork: number; campaigns: number };

export type PollingWorldPaths = { persistTo: string; xStatePath: string; blueskyStatePath: string };

/** The X stand-in's OAuth client, as the worker's configuration names it (.dev.vars). */
export type XClient = { id: string };

const BASE32_LOWER = "abcdefghijklmnopqrstuvwxyz234567";
const BASE32_SORTABLE = "234567abcdefghijklmnopqrstuvwxyz";

/** A did:plc of the creator, fixed by its number (24 base32 characters of a hash, as PLC makes them). */
function didOf(creator: number): string {
  const digest = createHash("sha256").update(`poll-bench-creator-${creator}`).digest();
  let out = "";
  for (let index = 0; out.length < 24; index += 1) out += BASE32_LOWER[(digest[index] ?? 0) & 31];
  return `did:plc:${out}`;
}

/** A record key (TID) of a posting time and a clock id, fixed by the post's number. */
function tidOf(postedAt: number, post: number): string {
  let value = (BigInt(postedAt * 1000 + (post % 1000)) << 10n) | BigInt(post % 1024);
  let out = "";
  for (let index = 0; index < 13; index += 1) {
    out = BASE32_SORTABLE[Number(value & 31n)] + out;
    value >>= 5n;
  }
  return out;
}

export type PollingWorld = { xPosts: number; blueskyPosts: number; creators: number; campaigns: number };

export async function buildPollingWorld(
  paths: PollingWorldPaths,
  shape: PollingWorldShape,
  input: { now: number; encryptionKey: string; xClient: XClient },
): Promise<PollingWorld> {
  const { creators, postsPerNetwork, campaigns } = shape;
  const { now, encryptionKey } = input;
  const total = 2 * postsPerNetwork;
  const rounds = Math.ceil(total / creators);
  if (rounds % 2 !== 0 || total % creators !== 0) throw new Error("Posts per network × 2 must be an even number of rounds of creators");
  // Posted over the last 40 hours: every first poll (15 min after posting) is due, no post has matured.
  const firstPostAt = now - 40 * HOUR;
  const spacing = Math.floor((39 * HOUR) / total);
  const campaignStart = firstPostAt - DAY;

  const creatorRows = Array.from({ length: creators }, (_, index) => ({
    userId: `poll-user-${index}`,
    xUserId: String(1_700_000_000_000_000_000n + BigInt(index)),
    handle: `pollcreator${index}`,
    did: didOf(index),
    accessToken: `poll-bench-access-${index}`,
    refreshToken: `poll-bench-refresh-${index}`,
    campaignId: `poll-campaign-${index % campaigns}`,
  }));

  const xState: XState = {
    version: 1,
    sequence: 0,
    accounts: [],
    tweets: [],
    codes: [],
    accessTokens: [],
    refreshTokens: [],
    media: [],
  };
  const blueskyState: BlueskyState = { version: 1, accounts: [], posts: [], blobs: [], requests: [], tokens: [] };
  for (const creator of creatorRows) {
    xState.accounts.push({
      id: creator.xUserId,
      username: creator.handle,
      name: `Poll creator ${creator.handle}`,
      createdAt: now - 90 * DAY,
    });
    xState.accessTokens.push({
      token: creator.accessToken,
      clientId: input.xClient.id,
      accountId: creator.xUserId,
      scopes: X_SCOPES,
      expiresAt: now + 30 * DAY,
    });
    xState.refreshTokens.push({
      token: creator.refreshToken,
      clientId: input.xClient.id,
      accountId: creator.xUserId,
      scopes: X_SCOPES,
      issuedAt: now,
    });
    blueskyState.accounts.push({
      did: creator.did,
      handle: `${creator.handle}.bsky.test`,
      displayName: `Poll creator ${creator.handle}`,
      createdAt: now - 90 * DAY,
    });
  }

  const db = new DatabaseSync(localD1File(paths.persistTo));
  try {
    db.exec("BEGIN");
    db.prepare(
      `INSERT INTO advertisers (id, slug, name, created_at) VALUES ('poll-advertiser', 'poll-advertiser', 'Poll advertiser', ?)`,
    ).run(campaignStart - DAY);
    const insertCampaign = db.prepare(
      `INSERT INTO campaigns (id, advertiser_id, title, description, status, visibility, starts_at, ends_at, maturity_hours,
         reward_currency, weekly_pool, bonus_pool, preview_token, created_at, updated_at, health, funded_at, published_at,
         health_due_at, networks)
       VALUES (?, 'poll-advertiser', ?, 'Post about the product on X and Bluesky.', 'active', 'public', ?, ?, 48, 'USDC',
         500000000, 100000000, ?, ?, ?, 'good', ?, ?, ?, '["x","bluesky"]')`,
    );
    for (let index = 0; index < campaigns; index += 1) {
      insertCampaign.run(
        `poll-campaign-${index}`,
        `Polling campaign ${index}`,
        campaignStart,
        campaignStart + 14 * DAY,
        `poll-preview-${index}`,
        campaignStart - DAY,
        campaignStart - DAY,
        campaignStart - DAY,
        campaignStart - DAY,
        now + DAY,
      );
    }
    const insertUser = db.prepare(`INSERT INTO users (id, signup_account, handle, name, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)`);
    const insertRole = db.prepare(`INSERT INTO user_roles (user_id, role) VALUES (?, 'creator')`);
    const insertLinked = db.prepare(
      `INSERT INTO network_accounts (network, subject, user_id, handle, linked_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)`,
    );
    const insertCredentials = db.prepare(
      `INSERT INTO x_credentials (user_id, scopes, access_token_encrypted, refresh_token_encrypted, access_expires_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
    );
    const insertParticipant = db.prepare(`INSERT INTO campaign_participants (campaign_id, user_id, joined_at) VALUES (?, ?, ?)`);
    const insertMembership = db.prepare(`INSERT INTO campaign_memberships (user_id, campaign_id, joined_at) VALUES (?, ?, ?)`);
    for (const creator of creatorRows) {
      insertUser.run(
        creator.userId,
        `x:${creator.xUserId}`,
        creator.handle,
        `Poll creator ${creator.handle}`,
        now - 90 * DAY,
        now - 90 * DAY,
      );
      insertRole.run(creator.userId);
      insertLinked.run("x", creator.xUserId, creator.userId, creator.handle, now - 90 * DAY, now - 90 * DAY);
      insertLinked.run("bluesky", creator.did, creator.userId, `${creator.handle}.bsky.test`, now - 60 * DAY, now - 60 * DAY);
      insertCredentials.run(
        creator.userId,
        X_SCOPES.join(" "),
        await encryptSecret(creator.accessToken, encryptionKey),
        await encryptSecret(creator.refreshToken, encryptionKey),
        now + 30 * DAY,
        now,
      );
      insertParticipant.run(creator.campaignId, creator.userId, campaignStart);
      insertMembership.run(creator.userId, creator.campaignId, campaignStart);
    }

    const insertPost = db.prepare(
      `INSERT INTO posts (id, campaign_id, user_id, network_post_id, content, status, campaign_week, posted_at, created_at, updated_at, network)
       VALUES (?, ?, ?, ?, ?, 'evaluating', 1, ?, ?, ?, ?)`,
    );
    const insertMetrics = db.prepare(
      `INSERT INTO post_metrics (post_id, campaign_id, impressions, likes, reposts, replies, quotes, bookmarks, score, polls, failures,
         next_poll_at, leased_until, matures_at, created_at, updated_at)
       VALUES (?, ?, 0, 0, 0, 0, 0, 0, 0, 0, 0, ?, 0, ?, ?, ?)`,
    );
    let xPosts = 0;
    let blueskyPosts = 0;
    for (let post = 0; post < total; post += 1) {
      const creator = creatorRows[post % creators];
      if (creator === undefined) continue;
      const network = Math.floor(post / creators) % 2 === 0 ? "x" : "bluesky";
      const postedAt = firstPostAt + post * spacing;
      const text = `#ad Week one with the product, note ${post}: fees are tiny and withdrawals take a minute.`;
      let networkId: string;
      if (network === "x") {
        networkId = String(1_900_000_000_000_000_000n + BigInt(post));
        xState.tweets.push({
          id: networkId,
          authorId: creator.xUserId,
          text,
          sourceText: text,
          urls: [],
          mediaIds: [],
          createdAt: postedAt,
          deletedAt: null,
          paidPartnership: true,
        });
        xPosts += 1;
      } else {
        const rkey = tidOf(postedAt, post);
        networkId = `at://${creator.did}/app.bsky.feed.post/${rkey}`;
        const record = { $type: "app.bsky.feed.post", text, createdAt: new Date(postedAt).toISOString(), langs: ["en"] };
        blueskyState.posts.push({
          uri: networkId,
          cid: cidOf(Buffer.from(JSON.stringify(record)), "dag-cbor"),
          did: creator.did,
          rkey,
          record,
          indexedAt: postedAt,
          deletedAt: null,
        });
        blueskyPosts += 1;
      }
      const postId = `poll-post-${post}`;
      insertPost.run(postId, creator.campaignId, creator.userId, networkId, text, postedAt, postedAt, postedAt, network);
      insertMetrics.run(postId, creator.campaignId, postedAt + FIRST_POLL_AFTER, postedAt + 48 * HOUR, postedAt, postedAt);
    }
    db.exec("COMMIT");
    writeFileSync(paths.xStatePath, JSON.stringify(xState));
    writeFileSync(paths.blueskyStatePath, JSON.stringify(blueskyState));
    return { xPosts, blueskyPosts, creators, campaigns };
  } finally {
    db.close();
  }
}
