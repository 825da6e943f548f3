/**
 * The synthetic world of the scale benchmark (bench/scale/run.ts), written straight into the local D1 file that
 * Miniflare keeps (`<persist>/v3/d1/miniflare-D1DatabaseObject/*.sqlite`) with Node's own SQLite (`node:sqlite`),
 * after the migrations and the demo seed have run the normal way and before the app starts on the file. Every table
 * is filled by one `INSERT … SELECT` over a table of integers, in a transaction of its own, so 10,000 creators' worth
 * of rows takes seconds instead of millions of round trips.
 *
 * Everything grows with the number of creators C, in the proportions of issue 26's S world (C = 10,000): C/50
 * campaigns (one in five live), C/250 advertisers of five campaigns each, 20 posts per creator (with metrics, and
 * rewards in finished campaigns) and the ledger entries they imply, 100 analytics events, 20 conversions,
 * 10 notifications and 2 withdrawals per creator. So what one creator, campaign or advertiser owns is the same at
 * every size; only the totals grow. The world spans `worldMonths` months of activity.
 *
 * The rows use the production schema's columns and the shapes of fixtures/factories.ts (ids, account ids of
 * worker/domain/ledger/accounts.ts); the schema's triggers run as they do in production: counters of participants,
 * roles, pool totals and pacing, and the ledger itself. Entries are posted through the view `ledger_postings` with
 * their lines as `[{account, amount}]`, exactly as the production ledger posts them (migration 0036): its trigger
 * writes the entry, its lines once, and each account's balance row, and refuses an entry that would overdraw (the
 * generated entries are balanced and never do). A table or column the schema does not have is skipped with a note
 * instead of failing the run.
 */
import { DatabaseSync } from "node:sqlite";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** Months of activity the world stands for (campaigns, events, conversions and notifications are spread over them). */
export const worldMonths = 6;

/** Work that is due in every world, whatever its size (the scheduler's run is measured on it). */
export const dueWork = { maturingPosts: 200, expiredVerifications: 20, pendingWithdrawals: 20, healthChecks: 4, weekClosings: 2 };

export type WorldSize = {
  creators: number;
  campaigns: number;
  liveCampaigns: number;
  advertisers: number;
  posts: number;
  analyticsEvents: number;
  conversions: number;
  notifications: number;
  withdrawals: number;
};

export function worldSize(creators: number): WorldSize {
  const campaigns = Math.max(5, Math.round(creators / 50 / 5) * 5);
  return {
    creators,
    campaigns,
    liveCampaigns: campaigns / 5,
    advertisers: campaigns / 5,
    posts: 20 * creators,
    analyticsEvents: 100 * creators,
    conversions: 20 * creators,
    notifications: 10 * creators,
    withdrawals: 2 * creators,
  };
}

/** Who the benchmark acts as, and what it opens: the same at every size. */
export const scaleSubjects = {
  creatorId: "scale-user-0",
  advertiserOwnerId: "scale-owner-0",
  adminId: "scale-admin",
  advertiserId: "scale-advertiser-0",
  liveCampaignId: "scale-campaign-0",
  finishedCampaignId: "scale-campaign-1",
} as const;

export type GeneratorNote = { step: string; rows: number; seconds: number; note?: string };

/** The local D1 file under a Miniflare persist directory (the one database the app binds). */
export function localD1File(persistTo: string): string {
  const directory = join(persistTo, "v3", "d1", "miniflare-D1DatabaseObject");
  const files = readdirSync(directory)
    .filter((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite")
    .map((name) => join(directory, name));
  const [largest] = files.sort((a, b) => statSync(b).size - statSync(a).size);
  if (largest === undefined) throw new Error(`No local D1 file under ${directory}: apply the migrations first`);
  return largest;
}

/** `counts`: the table whose growth is the step's rows, when it writes through a view (its changes are not counted). */
type Step = { name: string; table: string; sql: string; counts?: string };

/** The steps, in dependency order. `:now`, `:C`, `:K`, `:A` are bound for each. */
function steps(): Step[] {
  const creator = (expression: string) => `'scale-user-' || (${expression})`;
  const campaignOf = (expression: string) => `'scale-campaign-' || (${expression})`;
  const numbers = (limit: string) => `FROM scale_n WHERE i < ${limit}`;
  return [
    {
      name: "creators",
      table: "users",
      sql: `INSERT INTO users (id, signup_account, handle, name, avatar_url, created_at, updated_at, email, verified_email)
            SELECT ${creator("i")}, 'x:scale-x-' || i, 'creator' || i, 'Creator ' || i,
              'https://pbs.twimg.com/profile_images/' || (1000000 + i) || '/avatar_normal.jpg',
              :now - 200 * ${DAY} + i * 1000, :now - 200 * ${DAY} + i * 1000,
              'creator' || i || '@example.com', 'creator' || i || '@example.com'
            ${numbers(":C")}`,
    },
    {
      name: "creator roles",
      table: "user_roles",
      sql: `INSERT INTO user_roles (user_id, role) SELECT ${creator("i")}, 'creator' ${numbers(":C")}`,
    },
    {
      name: "advertiser owners and the admin",
      table: "users",
      sql: `INSERT INTO users (id, signup_account, handle, name, created_at, updated_at)
            SELECT 'scale-owner-' || i, 'x:scale-owner-x-' || i, 'owner' || i, 'Owner ' || i, :now - 300 * ${DAY}, :now - 300 * ${DAY} ${numbers(":A")}
            UNION ALL SELECT 'scale-admin', 'x:scale-admin-x', 'scaleadmin', 'Scale admin', :now - 300 * ${DAY}, :now - 300 * ${DAY}`,
    },
    {
      name: "owner and admin roles",
      table: "user_roles",
      sql: `INSERT INTO user_roles (user_id, role) SELECT 'scale-owner-' || i, 'advertiser' ${numbers(":A")}
            UNION ALL SELECT 'scale-admin', 'admin'`,
    },
    {
      name: "advertisers",
      table: "advertisers",
      sql: `INSERT INTO advertisers (id, slug, name, tagline, website_url, created_at)
            SELECT 'scale-advertiser-' || i, 'scale-adv-' || i, 'Advertiser ' || i, 'Onchain savings for everyone', 'https://example.com/' || i,
              :now - 300 * ${DAY} ${numbers(":A")}`,
    },
    {
      name: "advertiser members",
      table: "advertiser_members",
      sql: `INSERT INTO advertiser_members (advertiser_id, user_id, role, created_at)
            SELECT 'scale-advertiser-' || i, 'scale-owner-' || i, 'owner', :now - 300 * ${DAY} ${numbers(":A")}`,
    },
    {
      // One in five is live (started two days ago); the others ran two weeks and ended 12 days to six months ago.
      name: "campaigns",
      table: "campaigns",
      sql: `INSERT INTO campaigns (id, advertiser_id, title, description, status, visibility, starts_at, ends_at, maturity_hours,
              reward_currency, weekly_pool, bonus_pool, preview_token, created_at, updated_at, health, funded_at, published_at)
            SELECT ${campaignOf("i")}, 'scale-advertiser-' || (i / 5), 'Campaign ' || i || ': tell your followers about it',
              'Post about the product, tag the advertiser and link to the landing page. Original content only; one post a day counts.',
              CASE WHEN i % 5 = 0 THEN 'active' ELSE 'evaluated' END, 'public', starts_at, starts_at + 14 * ${DAY}, 48,
              'USDC', 500000000, 100000000, 'scale-preview-' || i, starts_at - 2 * ${DAY}, starts_at - 2 * ${DAY}, 'good',
              starts_at - ${DAY}, starts_at - ${DAY}
            FROM (SELECT i, CASE WHEN i % 5 = 0 THEN :now - 2 * ${DAY}
                                 ELSE :now - (26 + i % ${worldMonths * 30 - 30}) * ${DAY} END AS starts_at ${numbers(":K")})`,
    },
    {
      // Steady state: each live campaign's health was recomputed within the last 15 minutes and its first week has not
      // ended; a fixed number of them are due now (the scheduler's campaign health and week closing steps).
      name: "health and week-closing due times (due work)",
      table: "campaigns",
      sql: `UPDATE campaigns SET
              health_due_at = CASE WHEN i < ${dueWork.healthChecks} THEN :now - 60000 ELSE :now + 600000 END,
              weeks_due_at = CASE WHEN i < ${dueWork.weekClosings} THEN :now - 60000 ELSE weeks_due_at END
            FROM (SELECT id AS live_id, ROW_NUMBER() OVER (ORDER BY id) - 1 AS i FROM campaigns
                  WHERE id LIKE 'scale-campaign-%' AND status = 'active') AS live
            WHERE campaigns.id = live.live_id`,
    },
    {
      name: "closed campaign weeks",
      table: "campaign_weeks",
      sql: `INSERT INTO campaign_weeks (campaign_id, week, bonus_posts, closed_at)
            SELECT id, week, 5, starts_at + week * 7 * ${DAY} FROM campaigns, (SELECT 1 AS week UNION ALL SELECT 2)
            WHERE id LIKE 'scale-campaign-%' AND status = 'evaluated'`,
    },
    {
      // Creator i joins four campaigns, (4i + j) mod K: every campaign gets 4C/K participants at every size.
      name: "participants",
      table: "campaign_participants",
      sql: `INSERT INTO campaign_participants (campaign_id, user_id, joined_at)
            SELECT c.id, ${creator("n.i")}, c.starts_at + (n.i % 1000) * 60000
            FROM scale_n n, (SELECT 0 AS j UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3) AS joins
            JOIN campaigns c ON c.id = ${campaignOf("(n.i * 4 + joins.j) % :K")}
            WHERE n.i < :C`,
    },
    {
      // The catalog's side of each join (a join writes both).
      name: "memberships",
      table: "campaign_memberships",
      sql: `INSERT INTO campaign_memberships (user_id, campaign_id, joined_at)
            SELECT user_id, campaign_id, joined_at FROM campaign_participants WHERE campaign_id LIKE 'scale-campaign-%'`,
    },
    {
      // Post i: creator i / 20, five posts in each of the creator's four campaigns.
      name: "posts",
      table: "posts",
      sql: `INSERT INTO posts (id, campaign_id, user_id, network_post_id, content, status, campaign_week, posted_at, created_at, updated_at, status_reasons)
            SELECT 'scale-post-' || s.i, c.id, ${creator("s.creator")}, CAST(1900000000000000000 + s.i AS TEXT),
              'Been using ' || c.advertiser_id || ' for a week: fees are tiny and withdrawals take a minute. #ad #Campaign' || c.id ||
                ' https://t.co/' || printf('%010x', s.i * 2654435761 % 1099511627776),
              CASE WHEN c.status = 'active' THEN 'evaluating' WHEN s.p < 3 THEN 'rewarded' WHEN s.p = 3 THEN 'not-rewarded' ELSE 'expired' END,
              CASE WHEN c.status = 'active' THEN 1 ELSE 1 + s.p % 2 END, s.posted_at, s.posted_at, s.posted_at, '[]'
            FROM (SELECT n.i, n.i / 20 AS creator, n.i % 5 AS p,
                    c.starts_at + CASE WHEN c.status = 'active' THEN 0 ELSE (n.i % 5 % 2) * 7 * ${DAY} END
                      + (n.i % 5) * ${HOUR} + (n.i / 20 % 1000) * 60000 AS posted_at,
                    c.id AS campaign_id
                  FROM scale_n n JOIN campaigns c ON c.id = ${campaignOf("((n.i / 20) * 4 + (n.i % 20) / 5) % :K")}
                  WHERE n.i < 20 * :C) AS s
            JOIN campaigns c ON c.id = s.campaign_id`,
    },
    {
      name: "post metrics",
      table: "post_metrics",
      sql: `INSERT INTO post_metrics (post_id, campaign_id, impressions, likes, reposts, replies, quotes, bookmarks, score, polls,
              polled_at, next_poll_at, matures_at, matured_at, bonus, created_at, updated_at)
            SELECT id, campaign_id, impressions, likes, likes / 10, likes / 7, likes / 25, likes / 8,
              impressions + likes * 20 + (likes / 10) * 50 + (likes / 7) * 30 + (likes / 25) * 50 + (likes / 8) * 20, 5,
              CASE WHEN live THEN :now - 600000 ELSE posted_at + 47 * ${HOUR} END,
              CASE WHEN live THEN :now + ${HOUR} END,
              posted_at + 48 * ${HOUR}, CASE WHEN live THEN NULL ELSE posted_at + 48 * ${HOUR} END,
              CASE WHEN NOT live AND status = 'rewarded' AND rowid % 5 = 0 THEN 1 ELSE 0 END, posted_at, :now
            FROM (SELECT rowid, id, campaign_id, posted_at, status, status = 'evaluating' AS live,
                    200 + (rowid * 7919) % 20000 AS impressions, ((rowid * 104729) % 3000) / 10 AS likes
                  FROM posts WHERE id LIKE 'scale-post-%')`,
    },
    {
      // The maturity step's due work: the same number of ripe posts in every world.
      name: "ripe posts (due work)",
      table: "post_metrics",
      sql: `UPDATE post_metrics SET matures_at = :now - ${HOUR}
            WHERE post_id IN (SELECT id FROM posts WHERE campaign_id = '${scaleSubjects.liveCampaignId}' ORDER BY id LIMIT ${dueWork.maturingPosts})`,
    },
    {
      name: "post rewards",
      table: "post_rewards",
      sql: `INSERT INTO post_rewards (post_id, campaign_id, user_id, currency, pool_amount, bonus_amount, created_at)
            SELECT p.id, p.campaign_id, p.user_id, 'USDC', 100000 + p.rowid % 900000, CASE WHEN m.bonus = 1 THEN 50000 ELSE 0 END,
              c.ends_at + 2 * ${DAY}
            FROM posts p JOIN post_metrics m ON m.post_id = p.id JOIN campaigns c ON c.id = p.campaign_id
            WHERE p.id LIKE 'scale-post-%' AND p.status = 'rewarded'`,
    },
    {
      name: "wallets",
      table: "wallets",
      sql: `INSERT INTO wallets (id, user_id, type, address, address_key, currency, verified_at, created_at)
            SELECT 'scale-wallet-' || i, ${creator("i")}, 'evm', '0x' || printf('%040x', i), '0x' || printf('%040x', i), 'USDC',
              :now - 150 * ${DAY}, :now - 150 * ${DAY} ${numbers(":C")}`,
    },
    {
      name: "ledger accounts",
      table: "ledger_accounts",
      sql: `INSERT INTO ledger_accounts (id, owner_id, kind, currency, period, created_at)
            SELECT kind || ':' || owner || CASE WHEN period = 0 THEN '' ELSE ':w' || period END || ':USDC', owner, kind, 'USDC', period, :now - 300 * ${DAY}
            FROM (SELECT 'scale-advertiser-' || i AS owner, kinds.kind, 0 AS period
                  FROM scale_n, (SELECT 'advertiser-deposits' AS kind UNION ALL SELECT 'advertiser-funding') AS kinds WHERE i < :A
                  UNION ALL
                  SELECT ${campaignOf("i")}, kinds.kind, kinds.period
                  FROM scale_n, (SELECT 'campaign-pool' AS kind, 1 AS period UNION ALL SELECT 'campaign-pool', 2
                                 UNION ALL SELECT 'campaign-bonus-pool', 0) AS kinds WHERE i < :K
                  UNION ALL
                  SELECT ${creator("i")}, kinds.kind, 0
                  FROM scale_n, (SELECT 'creator-available' AS kind UNION ALL SELECT 'creator-withdrawal-hold'
                                 UNION ALL SELECT 'creator-paid-out') AS kinds WHERE i < :C)`,
    },
    {
      name: "ledger: deposits",
      table: "ledger_postings",
      counts: "ledger_entries",
      sql: `INSERT INTO ledger_postings (idempotency_key, kind, memo, lines, created_at)
            SELECT 'scale-deposit-' || i, 'deposit', 'Deposit',
              json_array(json_object('account', 'advertiser-deposits:scale-advertiser-' || i || ':USDC', 'amount', -5500000000),
                         json_object('account', 'advertiser-funding:scale-advertiser-' || i || ':USDC', 'amount', 5500000000)),
              :now - 250 * ${DAY} ${numbers(":A")}`,
    },
    {
      name: "ledger: campaign funding",
      table: "ledger_postings",
      counts: "ledger_entries",
      sql: `INSERT INTO ledger_postings (idempotency_key, kind, memo, lines, created_at)
            SELECT 'scale-funding-' || id, 'campaign-funding', 'Campaign funded',
              json_array(json_object('account', 'advertiser-funding:' || advertiser_id || ':USDC', 'amount', -1100000000),
                         json_object('account', 'campaign-pool:' || id || ':w1:USDC', 'amount', 500000000),
                         json_object('account', 'campaign-pool:' || id || ':w2:USDC', 'amount', 500000000),
                         json_object('account', 'campaign-bonus-pool:' || id || ':USDC', 'amount', 100000000)),
              funded_at
            FROM campaigns WHERE id LIKE 'scale-campaign-%' ORDER BY funded_at`,
    },
    {
      name: "ledger: rewards",
      table: "ledger_postings",
      counts: "ledger_entries",
      sql: `INSERT INTO ledger_postings (idempotency_key, kind, memo, lines, created_at)
            SELECT 'scale-reward-' || r.post_id, 'reward', 'Reward',
              CASE WHEN r.bonus_amount = 0 THEN
                json_array(json_object('account', 'campaign-pool:' || r.campaign_id || ':w' || p.campaign_week || ':USDC', 'amount', -r.pool_amount),
                           json_object('account', 'creator-available:' || r.user_id || ':USDC', 'amount', r.pool_amount))
              ELSE
                json_array(json_object('account', 'campaign-pool:' || r.campaign_id || ':w' || p.campaign_week || ':USDC', 'amount', -r.pool_amount),
                           json_object('account', 'campaign-bonus-pool:' || r.campaign_id || ':USDC', 'amount', -r.bonus_amount),
                           json_object('account', 'creator-available:' || r.user_id || ':USDC', 'amount', r.pool_amount + r.bonus_amount))
              END,
              r.created_at
            FROM post_rewards r JOIN posts p ON p.id = r.post_id WHERE r.post_id LIKE 'scale-post-%' ORDER BY r.created_at`,
    },
    {
      // Two per creator, nearly all completed; a fixed number expired unverified or pending at the rail (due work).
      name: "withdrawals",
      table: "withdrawals",
      sql: `INSERT INTO withdrawals (id, user_id, wallet_id, currency, amount, status, second_factor, idempotency_key, rail_payout_id,
              created_at, expires_at, verified_at, settled_at, updated_at, code_sent_at, request_page_path, request_trigger)
            SELECT 'scale-withdrawal-' || i, ${creator("i / 2")}, 'scale-wallet-' || (i / 2), 'USDC', 100000 + i % 50000, status, 'email',
              'scale-w-' || i, CASE WHEN status IN ('completed', 'pending') THEN 'payout-' || i END,
              created_at, created_at + 600000, CASE WHEN status != 'verifying' THEN created_at + 60000 END,
              CASE WHEN status = 'completed' THEN created_at + ${HOUR} END, created_at, created_at, '/profile', 'withdraw-button'
            FROM (SELECT i, CASE WHEN i < ${dueWork.expiredVerifications} THEN 'verifying'
                                 WHEN i < ${dueWork.expiredVerifications + dueWork.pendingWithdrawals} THEN 'pending'
                                 ELSE 'completed' END AS status,
                    CASE WHEN i < ${dueWork.expiredVerifications + dueWork.pendingWithdrawals} THEN :now - ${HOUR}
                         ELSE :now - (i % ${worldMonths * 30}) * ${DAY} END AS created_at ${numbers("2 * :C")})`,
    },
    {
      name: "ledger: withdrawal holds",
      table: "ledger_postings",
      counts: "ledger_entries",
      sql: `INSERT INTO ledger_postings (idempotency_key, kind, memo, lines, created_at)
            SELECT 'withdrawal-hold:' || id, 'withdrawal-hold', 'Withdrawal',
              json_array(json_object('account', 'creator-available:' || user_id || ':USDC', 'amount', -amount),
                         json_object('account', 'creator-withdrawal-hold:' || user_id || ':USDC', 'amount', amount)),
              created_at
            FROM withdrawals WHERE id LIKE 'scale-withdrawal-%' AND status != 'verifying' ORDER BY created_at`,
    },
    {
      name: "ledger: withdrawal payouts",
      table: "ledger_postings",
      counts: "ledger_entries",
      sql: `INSERT INTO ledger_postings (idempotency_key, kind, memo, lines, created_at)
            SELECT 'withdrawal-payout:' || id, 'withdrawal-payout', 'Withdrawal paid out',
              json_array(json_object('account', 'creator-withdrawal-hold:' || user_id || ':USDC', 'amount', -amount),
                         json_object('account', 'creator-paid-out:' || user_id || ':USDC', 'amount', amount)),
              settled_at
            FROM withdrawals WHERE id LIKE 'scale-withdrawal-%' AND status = 'completed' ORDER BY settled_at`,
    },
    {
      // 100 per creator over the world's months; ids scattered like the tracker's random ones.
      name: "analytics events",
      table: "analytics_events",
      sql: `INSERT INTO analytics_events (id, name, device_id, user_id, page_path, referrer, advertiser_id, campaign_id,
              utm_source, utm_medium, utm_campaign, first_utm_source, first_utm_medium, first_utm_campaign, properties, occurred_at, received_at)
            SELECT printf('%08x-%04x-4%03x-8%03x-%012x', (i * 2654435761) % 4294967296, i % 65536, i % 4096, (i / 7) % 4096, i),
              CASE i % 10 WHEN 0 THEN 'landing_viewed' WHEN 1 THEN 'sign_in_clicked' WHEN 2 THEN 'campaign_joined' ELSE 'user_site_redirected' END,
              'device-' || (i / 5), CASE WHEN i % 10 = 2 THEN ${creator("i / 100")} END,
              CASE WHEN i % 10 = 0 THEN '/landing/scale-adv-' || a ELSE '/campaign/scale-campaign-' || (a * 5 + i % 5) END,
              'https://x.com/', 'scale-advertiser-' || a, CASE WHEN i % 10 = 0 THEN NULL ELSE 'scale-campaign-' || (a * 5 + i % 5) END,
              'x', 'social', 'launch-' || (i % 3), 'x', 'social', 'launch-' || (i % 3),
              '{"trigger":"scale","path":"/campaign/scale-campaign-' || (a * 5 + i % 5) || '"}',
              :now - (i % ${worldMonths * 30 * 24}) * ${HOUR}, :now - (i % ${worldMonths * 30 * 24}) * ${HOUR} + 2000
            FROM (SELECT i, (i / 100) % :A AS a ${numbers("100 * :C")})`,
    },
    {
      name: "conversions",
      table: "conversion_events",
      sql: `INSERT INTO conversion_events (advertiser_id, event_id, type, wallet_address, address_key, chain, value, currency, occurred_at,
              metadata, received_at, matched_user_id, matched_wallet_id, campaign_id)
            SELECT 'scale-advertiser-' || a, 'evt-' || printf('%012x', i * 2654435761 % 281474976710656), CASE WHEN i % 3 = 0 THEN 'signup' ELSE 'deposit' END,
              address, address, 'evm', CASE WHEN i % 3 = 0 THEN NULL ELSE 1000 + i % 100000 END, CASE WHEN i % 3 = 0 THEN NULL ELSE 'USDC' END,
              :now - (i % ${worldMonths * 30}) * ${DAY}, '{"source":"scale","order":' || i || '}', :now - (i % ${worldMonths * 30}) * ${DAY} + 1000,
              CASE WHEN matched THEN ${creator("i / 20")} END, CASE WHEN matched THEN 'scale-wallet-' || (i / 20) END,
              CASE WHEN matched THEN 'scale-campaign-' || (a * 5 + i % 5) END
            FROM (SELECT i, i % :A AS a, i % 2 = 0 AS matched,
                    CASE WHEN i % 2 = 0 THEN '0x' || printf('%040x', i / 20) ELSE '0x' || printf('%040x', 1000000000 + i) END AS address
                  ${numbers("20 * :C")})`,
    },
    {
      name: "notifications",
      table: "notifications",
      sql: `INSERT INTO notifications (id, user_id, event_type, title, body, link, campaign_id, is_read, dedupe_key, created_at, read_at)
            SELECT 'scale-notification-' || i, ${creator("i / 10")},
              CASE i % 4 WHEN 0 THEN 'posts-rewarded' WHEN 1 THEN 'campaign-started' WHEN 2 THEN 'transaction-completed' ELSE 'campaign-ended' END,
              'Your posts in Campaign ' || (i % :K) || ' were rewarded', 'You earned a share of this week''s pool. It is in your balance now.',
              '/campaign/scale-campaign-' || (i % :K), 'scale-campaign-' || (i % :K), i % 3 != 0, 'scale-n-' || i,
              :now - (i % ${worldMonths * 30}) * ${DAY}, CASE WHEN i % 3 != 0 THEN :now - (i % ${worldMonths * 30}) * ${DAY} + ${HOUR} END
            ${numbers("10 * :C")}`,
    },
  ];
}

/**
 * Fills the D1 file of `persistTo` with the world of `creators` creators as of `now`. Nothing else may have the file
 * open. Returns what each step wrote, or why it was skipped.
 */
export function buildScaleWorld(persistTo: string, creators: number, now: number, log: (line: string) => void = () => {}): GeneratorNote[] {
  const size = worldSize(creators);
  const db = new DatabaseSync(localD1File(persistTo));
  const notes: GeneratorNote[] = [];
  try {
    db.exec("PRAGMA synchronous = OFF");
    // 2 GiB of page cache for this connection: the indexes take their rows in scattered order, which thrashes a small cache.
    db.exec("PRAGMA cache_size = -2097152");
    const tables = new Set(
      db
        .prepare("SELECT name FROM sqlite_schema WHERE type IN ('table', 'view')")
        .all()
        .map((row) => String(row.name)),
    );
    const largest = 100 * creators;
    db.exec("DROP TABLE IF EXISTS temp.scale_n");
    db.exec("CREATE TEMP TABLE scale_n (i INTEGER PRIMARY KEY)");
    db.prepare(
      "INSERT INTO temp.scale_n (i) SELECT value FROM (WITH RECURSIVE n(value) AS (SELECT 0 UNION ALL SELECT value + 1 FROM n WHERE value + 1 < ?) SELECT value FROM n)",
    ).run(largest);

    try {
      // As BigInt: node:sqlite binds other numbers as REAL, and `'id-' || (i % 5.0)` is not an id.
      const parameters = { now: BigInt(now), C: BigInt(size.creators), K: BigInt(size.campaigns), A: BigInt(size.advertisers) };
      for (const step of steps()) {
        const started = performance.now();
        if (!tables.has(step.table)) {
          notes.push({ step: step.name, rows: 0, seconds: 0, note: `skipped: the schema has no table ${step.table}` });
          log(`  ${step.name}: skipped (no table ${step.table})`);
          continue;
        }
        const used = Object.fromEntries(Object.entries(parameters).filter(([name]) => new RegExp(`:${name}\\b`).test(step.sql)));
        const counted = () =>
          step.counts === undefined ? 0 : Number(db.prepare(`SELECT COUNT(*) AS n FROM ${step.counts}`).get()?.n ?? 0);
        db.exec("BEGIN");
        try {
          const before = counted();
          const result = db.prepare(step.sql).run(used);
          const changes = step.counts === undefined ? Number(result.changes) : counted() - before;
          db.exec("COMMIT");
          const seconds = (performance.now() - started) / 1000;
          notes.push({ step: step.name, rows: Number(changes), seconds: Math.round(seconds * 10) / 10 });
          log(`  ${step.name}: ${Number(changes).toLocaleString("en")} rows in ${seconds.toFixed(1)} s`);
        } catch (error) {
          db.exec("ROLLBACK");
          const message = error instanceof Error ? error.message : String(error);
          notes.push({ step: step.name, rows: 0, seconds: 0, note: `skipped: ${message}` });
          log(`  ${step.name}: skipped (${message})`);
        }
      }
    } finally {
      db.exec("DROP TABLE temp.scale_n");
    }
  } finally {
    db.close();
  }
  return notes;
}

export type TableBytes = { table: string; rows: number; bytes: number };

/** Bytes per table, its indexes included, from SQLite's `dbstat` (pages in use, their full size), and row counts. */
export function bytesPerTable(persistTo: string): TableBytes[] {
  const db = new DatabaseSync(localD1File(persistTo), { readOnly: true });
  try {
    const owners = new Map(
      db
        .prepare("SELECT name, tbl_name FROM sqlite_schema WHERE type IN ('table', 'index')")
        .all()
        .map((row) => [String(row.name), String(row.tbl_name)]),
    );
    const bytes = new Map<string, number>();
    for (const row of db.prepare("SELECT name, SUM(pgsize) AS bytes FROM dbstat GROUP BY name").all()) {
      const table = owners.get(String(row.name)) ?? String(row.name);
      bytes.set(table, (bytes.get(table) ?? 0) + Number(row.bytes));
    }
    return [...bytes.entries()]
      .filter(([table]) => !table.startsWith("sqlite_") && !table.startsWith("_cf_"))
      .map(([table, tableBytes]) => ({
        table,
        rows: Number(db.prepare(`SELECT COUNT(*) AS n FROM "${table.replaceAll('"', '""')}"`).get()?.n ?? 0),
        bytes: tableBytes,
      }))
      .sort((a, b) => b.bytes - a.bytes);
  } finally {
    db.close();
  }
}
