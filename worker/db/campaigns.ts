import { z } from "zod";
import { campaignCategorySchema } from "../contracts/campaign-categories.ts";
import { campaignNetworksSchema } from "../contracts/campaign-networks.ts";
import type { Network } from "../contracts/networks/rules.ts";
import { campaignRulesSchema, scoreWeightsSchema } from "../contracts/campaign-rules.ts";
import { campaignHealthSchema, campaignStatusSchema, campaignVisibilitySchema, type CampaignStatus } from "../contracts/vocabulary.ts";
import { allRows, firstRow, mapQuery, queryAll, queryFirst, type Query } from "./query.ts";
import type { Database } from "../database.ts";

export const campaignColumns = {
  id: z.string(),
  advertiser_id: z.string(),
  title: z.string(),
  description: z.string(),
  image_url: z.string().nullable(),
  status: campaignStatusSchema,
  visibility: campaignVisibilitySchema,
  starts_at: z.number(),
  ends_at: z.number(),
  maturity_hours: z.number().int(),
  reward_currency: z.string(),
  weekly_pool: z.number().int(),
  bonus_pool: z.number().int(),
  preview_token: z.string(),
  rules: z.string().transform((text) => campaignRulesSchema.parse(JSON.parse(text))),
  score_weights: z.string().transform((text) => scoreWeightsSchema.parse(JSON.parse(text))),
  creator_cap_bps: z.number().int(),
  target_score: z.number().int(),
  category: campaignCategorySchema,
  disclosure: z.string(),
  networks: z.string().transform((text) => campaignNetworksSchema.parse(JSON.parse(text))),
  health: campaignHealthSchema,
  funded_at: z.number().nullable(),
  published_at: z.number().nullable(),
  created_at: z.number(),
  updated_at: z.number(),
};

type CampaignColumns = z.infer<z.ZodObject<typeof campaignColumns>>;

type CampaignFields = {
  id: string;
  advertiserId: string;
  title: string;
  description: string;
  imageUrl: string | null;
  status: CampaignColumns["status"];
  visibility: CampaignColumns["visibility"];
  startsAt: number;
  endsAt: number;
  maturityHours: number;
  rewardCurrency: string;
  weeklyPool: number;
  bonusPool: number;
  previewToken: string;
  rules: CampaignColumns["rules"];
  scoreWeights: CampaignColumns["score_weights"];
  creatorCapBps: number;
  targetScore: number;
  category: CampaignColumns["category"];
  /** What every post of the campaign opens with (docs/decisions/041-disclosure.md). */
  disclosure: string;
  /** The networks its posts go to, X first (migration 0051). */
  networks: Network[];
  health: CampaignColumns["health"];
  fundedAt: number | null;
  createdAt: number;
  updatedAt: number;
};

/**
 * `publishedAt` null is a draft (docs/decisions/019-advertiser-console.md). It is optional in the type so that a
 * campaign built in code without it (factories, the seed) is published as of its creation when inserted; every row
 * read from the database has it.
 */
export function toCampaign(row: CampaignColumns): CampaignFields & { publishedAt?: number | null } {
  return {
    ...toSummaryFields(row),
    description: row.description,
    imageUrl: row.image_url,
    maturityHours: row.maturity_hours,
    previewToken: row.preview_token,
    rules: row.rules,
    scoreWeights: row.score_weights,
    creatorCapBps: row.creator_cap_bps,
    targetScore: row.target_score,
    category: row.category,
    disclosure: row.disclosure,
    fundedAt: row.funded_at,
    publishedAt: row.published_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/*
 * Lists (the dashboard, a landing page, the campaign lists) read many cards at once and show only these columns; the
 * rest of a campaign (its rules and weights, parsed from JSON, its description) is read by the pages that show it.
 * Every column not read is bytes D1 need not send and the worker need not parse.
 */
const summaryColumns = {
  id: campaignColumns.id,
  advertiser_id: campaignColumns.advertiser_id,
  title: campaignColumns.title,
  status: campaignColumns.status,
  visibility: campaignColumns.visibility,
  starts_at: campaignColumns.starts_at,
  ends_at: campaignColumns.ends_at,
  reward_currency: campaignColumns.reward_currency,
  weekly_pool: campaignColumns.weekly_pool,
  bonus_pool: campaignColumns.bonus_pool,
  health: campaignColumns.health,
  networks: campaignColumns.networks,
};

function toSummaryFields(row: z.infer<z.ZodObject<typeof summaryColumns>>) {
  return {
    id: row.id,
    advertiserId: row.advertiser_id,
    title: row.title,
    status: row.status,
    visibility: row.visibility,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    rewardCurrency: row.reward_currency,
    weeklyPool: row.weekly_pool,
    bonusPool: row.bonus_pool,
    health: row.health,
    networks: row.networks,
  };
}

export const campaignSchema = z.object(campaignColumns).transform(toCampaign);
export type Campaign = z.infer<typeof campaignSchema>;

/** What a list shows beside a campaign: its advertiser's name and how many creators joined. */
const listedWithColumns = { advertiser_name: z.string(), advertiser_slug: z.string(), participant_count: z.number().int() };

function toListedWith(row: z.infer<z.ZodObject<typeof listedWithColumns>>) {
  return { advertiserName: row.advertiser_name, advertiserSlug: row.advertiser_slug, participantCount: row.participant_count };
}

/** What a card shows of a campaign's pools: what was funded into them and what remains there. */
const poolColumns = { pool_funded: z.number().int(), pool_remaining: z.number().int() };

function toPool(row: z.infer<z.ZodObject<typeof poolColumns>>) {
  return { pool: { funded: row.pool_funded, remaining: row.pool_remaining } };
}

/** A campaign as the pages list it: with its advertiser's name and how many creators joined. */
const listingColumns = { ...campaignColumns, ...listedWithColumns };

const campaignListingSchema = z.object(listingColumns).transform((row) => ({ ...toCampaign(row), ...toListedWith(row) }));
export type CampaignListing = z.infer<typeof campaignListingSchema>;

/** A campaign as its card shows it: the listing and its pools. */
const campaignCardRowSchema = z
  .object({ ...listingColumns, ...poolColumns })
  .transform((row) => ({ ...toCampaign(row), ...toListedWith(row), ...toPool(row) }));
export type CampaignCardRow = z.infer<typeof campaignCardRowSchema>;

/** `campaignFields`: every column of the campaign, or the few a card in a list shows (`summarySelect` below). */
const listingFieldsOf = (campaignFields: string) => `${campaignFields}, advertisers.name AS advertiser_name,
    advertisers.slug AS advertiser_slug,
    COALESCE((SELECT participants FROM campaign_participant_counts WHERE campaign_id = campaigns.id), 0) AS participant_count`;
const listingFields = listingFieldsOf("campaigns.*");
/** `campaigns`: the table, or the table with the index a list must be read in (`campaigns INDEXED BY …`). */
const listingFromOf = (campaigns: string) => `FROM ${campaigns} JOIN advertisers ON advertisers.id = campaigns.advertiser_id`;
const listingFrom = listingFromOf("campaigns");
const listingSelect = `SELECT ${listingFields} ${listingFrom}`;

/*
 * A card's pools (weekly and bonus, every week): what was funded into them and what remains, from the row migration
 * 0026 keeps as ledger lines are written (none before the campaign is funded).
 */
const cardSelectOf = (campaignFields: string, campaigns = "campaigns") => `SELECT ${listingFieldsOf(campaignFields)},
    COALESCE((SELECT funded FROM campaign_pool_totals WHERE campaign_id = campaigns.id), 0) AS pool_funded,
    COALESCE((SELECT remaining FROM campaign_pool_totals WHERE campaign_id = campaigns.id), 0) AS pool_remaining
  ${listingFromOf(campaigns)}`;
const cardSelect = cardSelectOf("campaigns.*");

/** A campaign as a card in a list shows it: the summary's columns, what a list shows beside them, and its pools. */
const campaignCardSummarySchema = z
  .object({ ...summaryColumns, ...listedWithColumns, ...poolColumns })
  .transform((row) => ({ ...toSummaryFields(row), ...toListedWith(row), ...toPool(row) }));
/** `CampaignCardRow` has all of it and more. */
export type CampaignCardSummary = z.infer<typeof campaignCardSummarySchema>;

const summaryFields = Object.keys(summaryColumns)
  .map((column) => `campaigns.${column}`)
  .join(", ");
const summarySelect = cardSelectOf(summaryFields);

/** Creators never see drafts: every creator-facing query carries this. */
const PUBLISHED = "campaigns.published_at IS NOT NULL";

export function insertCampaignStatement(db: Database, campaign: Campaign) {
  return db
    .prepare(
      `INSERT INTO campaigns (id, advertiser_id, title, description, image_url, status, visibility, starts_at, ends_at,
         maturity_hours, reward_currency, weekly_pool, bonus_pool, preview_token, rules, score_weights, creator_cap_bps,
         target_score, category, disclosure, networks, published_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
    )
    .bind(
      campaign.id,
      campaign.advertiserId,
      campaign.title,
      campaign.description,
      campaign.imageUrl,
      campaign.status,
      campaign.visibility,
      campaign.startsAt,
      campaign.endsAt,
      campaign.maturityHours,
      campaign.rewardCurrency,
      campaign.weeklyPool,
      campaign.bonusPool,
      campaign.previewToken,
      JSON.stringify(campaign.rules),
      JSON.stringify(campaign.scoreWeights),
      campaign.creatorCapBps,
      campaign.targetScore,
      campaign.category,
      campaign.disclosure,
      JSON.stringify(campaign.networks),
      campaign.publishedAt === undefined ? campaign.createdAt : campaign.publishedAt,
      campaign.createdAt,
      campaign.updatedAt,
    );
}

/**
 * The lists creators browse, each read in the order of a partial index that holds exactly its campaigns (public,
 * published, in its statuses: migration 0037), so a list reads the cards it shows and stops at its LIMIT:
 * - `current`: running now (active or ending), soonest ending first;
 * - `past`: ended (evaluating or evaluated), latest ending first, a page at a time after a cursor.
 * The statuses are written out in the SQL: a partial index is used only when the query's WHERE repeats its own.
 */
const listedCampaigns = {
  current: {
    from: "campaigns INDEXED BY campaigns_listed_current",
    where: "campaigns.status IN ('active', 'ending')",
    order: "campaigns.ends_at ASC, campaigns.id ASC",
  },
  past: {
    from: "campaigns INDEXED BY campaigns_listed_past",
    where: "campaigns.status IN ('evaluating', 'evaluated')",
    order: "campaigns.ends_at DESC, campaigns.id DESC",
  },
} as const;

/** Where a page of past campaigns starts: after the last card of the page before (latest ending first). */
export type PastCampaignsCursor = { endsAt: number; id: string };

/**
 * The running campaigns (active or ending), soonest ending first, as cards; `notJoinedBy`: only those that user has
 * not joined (read in order until `limit` are found, so it reads the cards shown and the user's joined ones before them).
 */
export function currentCampaignCardsQuery(
  db: Database,
  options: { notJoinedBy?: string; limit?: number } = {},
): Query<CampaignCardSummary[]> {
  const list = listedCampaigns.current;
  const notJoinedFilter =
    options.notJoinedBy === undefined
      ? ""
      : "AND NOT EXISTS (SELECT 1 FROM campaign_memberships WHERE user_id = ? AND campaign_id = campaigns.id)";
  const statement = db
    .prepare(
      `${cardSelectOf(summaryFields, list.from)}
       WHERE ${list.where} AND campaigns.visibility = 'public' AND ${PUBLISHED} ${notJoinedFilter}
       ORDER BY ${list.order}
       LIMIT ?`,
    )
    .bind(...(options.notJoinedBy === undefined ? [] : [options.notJoinedBy]), options.limit ?? 100);
  return allRows(statement, campaignCardSummarySchema);
}

/** A page of ended campaigns (evaluating or evaluated), latest ending first, after `before` when given. */
export function pastCampaignCardsQuery(
  db: Database,
  options: { before?: PastCampaignsCursor; limit: number },
): Query<CampaignCardSummary[]> {
  const list = listedCampaigns.past;
  const cursorFilter = options.before === undefined ? "" : "AND (campaigns.ends_at, campaigns.id) < (?, ?)";
  const statement = db
    .prepare(
      `${cardSelectOf(summaryFields, list.from)}
       WHERE ${list.where} AND campaigns.visibility = 'public' AND ${PUBLISHED} ${cursorFilter}
       ORDER BY ${list.order}
       LIMIT ?`,
    )
    .bind(...(options.before === undefined ? [] : [options.before.endsAt, options.before.id]), options.limit);
  return allRows(statement, campaignCardSummarySchema);
}

/**
 * Public campaigns that have not started and still can (not ended, and funded or not at their start yet:
 * docs/decisions/032-spec-server-items.md section 3), soonest ending first, as cards: (status, ends_at) from `now`.
 */
export function upcomingCampaignCardsQuery(db: Database, now: number, limit = 100): Query<CampaignCardSummary[]> {
  const statement = db
    .prepare(
      `${summarySelect}
       WHERE campaigns.status = 'inactive' AND campaigns.visibility = 'public' AND ${PUBLISHED}
         AND campaigns.ends_at > ? AND (campaigns.funded_at IS NOT NULL OR campaigns.starts_at > ?)
       ORDER BY campaigns.ends_at ASC, campaigns.id ASC
       LIMIT ?`,
    )
    .bind(now, now, limit);
  return allRows(statement, campaignCardSummarySchema);
}

/** An advertiser's running public campaigns (its landing page), soonest ending first: that advertiser's rows only. */
export function advertiserCurrentCampaignCardsQuery(db: Database, advertiserSlug: string, limit = 100): Query<CampaignCardSummary[]> {
  const statement = db
    .prepare(
      `${summarySelect}
       WHERE advertisers.slug = ? AND campaigns.status IN ('active', 'ending') AND campaigns.visibility = 'public' AND ${PUBLISHED}
       ORDER BY campaigns.ends_at ASC, campaigns.id ASC
       LIMIT ?`,
    )
    .bind(advertiserSlug, limit);
  return allRows(statement, campaignCardSummarySchema);
}

const joinedInStatusesFilter = `JOIN campaign_memberships joined ON joined.campaign_id = campaigns.id AND joined.user_id = ?
  WHERE campaigns.status IN (SELECT value FROM json_each(?)) AND ${PUBLISHED}`;
const joinedInStatuses = `${joinedInStatusesFilter}
  ORDER BY campaigns.ends_at ASC, campaigns.id ASC LIMIT ?`;

/** Campaigns the user joined, in the given statuses, soonest ending first. */
export function listJoinedCampaigns(
  db: Database,
  userId: string,
  statuses: readonly CampaignStatus[],
  limit = 100,
): Promise<CampaignListing[]> {
  return queryAll(db.prepare(`${listingSelect} ${joinedInStatuses}`).bind(userId, JSON.stringify(statuses), limit), campaignListingSchema);
}

const existsRowSchema = z.object({ found: z.number() });

/** Whether the user joined any campaign in the given statuses. */
export function joinedAnyCampaignQuery(db: Database, userId: string, statuses: readonly CampaignStatus[]): Query<boolean> {
  const statement = db
    .prepare(`SELECT EXISTS (SELECT 1 FROM campaigns ${joinedInStatusesFilter}) AS found`)
    .bind(userId, JSON.stringify(statuses));
  return mapQuery(firstRow(statement, existsRowSchema), (row) => row?.found === 1);
}

/** The same campaigns as `listJoinedCampaigns`, as cards. */
export function joinedCampaignCardsQuery(
  db: Database,
  userId: string,
  statuses: readonly CampaignStatus[],
  limit = 100,
): Query<CampaignCardSummary[]> {
  return allRows(
    db.prepare(`${summarySelect} ${joinedInStatuses}`).bind(userId, JSON.stringify(statuses), limit),
    campaignCardSummarySchema,
  );
}

const publishedById = `WHERE campaigns.id = ? AND ${PUBLISHED}`;

/** A published campaign as creators see it (drafts are null, as if they did not exist). */
export function findCampaignListing(db: Database, campaignId: string): Promise<CampaignListing | null> {
  return queryFirst(db.prepare(`${listingSelect} ${publishedById}`).bind(campaignId), campaignListingSchema);
}

/** The same campaign as `findCampaignListing`, as a card. */
export function campaignCardQuery(db: Database, campaignId: string): Query<CampaignCardRow | null> {
  return firstRow(db.prepare(`${cardSelect} ${publishedById}`).bind(campaignId), campaignCardRowSchema);
}

/** The published campaign an invitation (by its public token) is for, as a card. */
export function invitedCampaignCardQuery(db: Database, publicToken: string): Query<CampaignCardRow | null> {
  return firstRow(
    db
      .prepare(`${cardSelect} WHERE campaigns.id = (SELECT campaign_id FROM invitations WHERE public_token = ?) AND ${PUBLISHED}`)
      .bind(publicToken),
    campaignCardRowSchema,
  );
}

/** The secret preview link shows drafts too: showing a campaign before it is published is what it is for. */
export function campaignCardByPreviewTokenQuery(db: Database, token: string): Query<CampaignCardRow | null> {
  return firstRow(db.prepare(`${cardSelect} WHERE campaigns.preview_token = ?`).bind(token), campaignCardRowSchema);
}

/** Every campaign of an advertiser account, drafts included, newest first, with its pools (the console's list). */
export function advertiserCampaignCardsQuery(db: Database, advertiserId: string): Query<CampaignCardRow[]> {
  return allRows(
    db.prepare(`${cardSelect} WHERE campaigns.advertiser_id = ? ORDER BY campaigns.created_at DESC, campaigns.id`).bind(advertiserId),
    campaignCardRowSchema,
  );
}

/** One campaign of an advertiser account, drafts included, with its pools; null when it is not that account's. */
export function advertiserCampaignCardQuery(db: Database, advertiserId: string, campaignId: string): Query<CampaignCardRow | null> {
  return firstRow(
    db.prepare(`${cardSelect} WHERE campaigns.id = ? AND campaigns.advertiser_id = ?`).bind(campaignId, advertiserId),
    campaignCardRowSchema,
  );
}

/** One campaign of an advertiser account, drafts included; null when it is not that account's. */
export function findAdvertiserCampaign(db: Database, advertiserId: string, campaignId: string): Promise<CampaignListing | null> {
  return queryFirst(
    db.prepare(`${listingSelect} WHERE campaigns.id = ? AND campaigns.advertiser_id = ?`).bind(campaignId, advertiserId),
    campaignListingSchema,
  );
}

export type CampaignEdit = Pick<
  Campaign,
  | "title"
  | "description"
  | "visibility"
  | "startsAt"
  | "endsAt"
  | "rewardCurrency"
  | "weeklyPool"
  | "bonusPool"
  | "rules"
  | "scoreWeights"
  | "creatorCapBps"
  | "category"
  | "disclosure"
  | "networks"
>;

/** Writes the console's fields; `expectedUpdatedAt` makes it a no-op when someone saved in between. */
export function updateCampaignStatement(db: Database, campaignId: string, edit: CampaignEdit, now: number) {
  return db
    .prepare(
      `UPDATE campaigns SET title = ?, description = ?, visibility = ?, starts_at = ?, ends_at = ?, reward_currency = ?,
         weekly_pool = ?, bonus_pool = ?, rules = ?, score_weights = ?, creator_cap_bps = ?, category = ?, disclosure = ?,
         networks = ?, updated_at = ?
       WHERE id = ?`,
    )
    .bind(
      edit.title,
      edit.description,
      edit.visibility,
      edit.startsAt,
      edit.endsAt,
      edit.rewardCurrency,
      edit.weeklyPool,
      edit.bonusPool,
      JSON.stringify(edit.rules),
      JSON.stringify(edit.scoreWeights),
      edit.creatorCapBps,
      edit.category,
      edit.disclosure,
      JSON.stringify(edit.networks),
      now,
      campaignId,
    );
}

/** A draft becomes published, once (the condition makes a second publish change nothing). */
export function publishCampaignStatement(db: Database, campaignId: string, now: number) {
  return db
    .prepare(`UPDATE campaigns SET published_at = ?, updated_at = ? WHERE id = ? AND published_at IS NULL`)
    .bind(now, now, campaignId);
}

export function setCampaignImageStatement(db: Database, campaignId: string, imageUrl: string, now: number) {
  return db.prepare(`UPDATE campaigns SET image_url = ?, updated_at = ? WHERE id = ?`).bind(imageUrl, now, campaignId);
}

export function setPreviewTokenStatement(db: Database, campaignId: string, previewToken: string, now: number) {
  return db.prepare(`UPDATE campaigns SET preview_token = ?, updated_at = ? WHERE id = ?`).bind(previewToken, now, campaignId);
}
