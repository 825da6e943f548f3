import type { Capabilities } from "../../capabilities.ts";
import {
  type ConsoleCampaign,
  type ConsoleCampaignList,
  type ConsoleCampaignSummary,
  type ParsedCampaignInput,
} from "../../contracts/advertiser-campaigns.ts";
import { AppError, notFound, type FieldError } from "../../contracts/errors.ts";
import { MAX_ATTACHMENT_BYTES, formatBytes, sniffImageType } from "../../contracts/posts.ts";
import {
  advertiserCampaignCardQuery,
  advertiserCampaignCardsQuery,
  findAdvertiserCampaign,
  insertCampaignStatement,
  publishCampaignStatement,
  setCampaignImageStatement,
  setPreviewTokenStatement,
  updateCampaignStatement,
  type CampaignCardRow,
  type CampaignListing,
} from "../../db/campaigns.ts";
import { memberQuery } from "../../db/advertiser-members.ts";
import { runBatch } from "../../db/query.ts";
import { checkCategoryOnNetworks } from "./network-rules.ts";
import { rulesOf } from "../../contracts/networks/registry.ts";
import {
  deleteSuggestionsStatement,
  insertSuggestionStatement,
  listSuggestions,
  suggestionsQuery,
  type Suggestion,
} from "../../db/suggestions.ts";
import { randomToken } from "../../security/tokens.ts";
import { advertiserNotFound, requireMembership } from "../advertisers/membership.ts";
import { notStartedReason } from "./start-rules.ts";
import type { Database } from "../../database.ts";
import { wakeChangedCampaign } from "../rewards/campaign-wake.ts";

/**
 * Campaigns in the advertiser console (docs/decisions/019-advertiser-console.md). Every use case authorizes by
 * membership of the account it acts on; a campaign of another account is a 404, like an unknown one.
 */
type Deps = Pick<Capabilities, "db" | "clock">;
/** What a change that can move the campaign's due times also needs: its object, to wake it. */
type ChangeDeps = Pick<Capabilities, "db" | "clock" | "campaignObjects">;

function campaignNotFound(): AppError {
  return notFound("This campaign does not exist.");
}

/** A preview token: 128 bits, base64url. */
function newPreviewToken(): string {
  return randomToken(16);
}

function refused(field: string, message: string, status: 400 | 409 = 409): AppError {
  const loc = field === "body" ? ["body"] : ["body", field];
  return new AppError(status, status === 409 ? "campaign_locked" : "invalid_request", message, [{ loc, msg: message }]);
}

function summary(campaign: CampaignListing, pool: { funded: number; remaining: number } | undefined, now: number): ConsoleCampaignSummary {
  const funded = pool?.funded ?? 0;
  return {
    id: campaign.id,
    title: campaign.title,
    status: campaign.status,
    draft: campaign.publishedAt === null,
    publishedAt: campaign.publishedAt ?? null,
    visibility: campaign.visibility,
    health: campaign.health,
    startsAt: campaign.startsAt,
    endsAt: campaign.endsAt,
    rewardCurrency: campaign.rewardCurrency,
    spent: funded - (pool?.remaining ?? 0),
    funded,
    timeLeftMs: Math.max(0, campaign.endsAt - now),
    participantCount: campaign.participantCount,
    notStartedReason: notStartedReason(campaign, now),
  };
}

/** `GET /v1/advertiser/{id}/campaigns`: all of the account's campaigns, drafts included. */
export async function listConsoleCampaigns(caps: Deps, userId: string, advertiserId: string): Promise<ConsoleCampaignList> {
  // One round trip: what a non-member's read finds is dropped before anything is answered.
  const [member, campaigns] = await runBatch(caps.db, [
    memberQuery(caps.db, advertiserId, userId),
    advertiserCampaignCardsQuery(caps.db, advertiserId),
  ]);
  if (member === null) throw advertiserNotFound();
  return consoleCampaignList(campaigns, caps.clock.now());
}

/** The console's list of an account's campaigns (advertiserCampaignCardsQuery), read by a member. */
export function consoleCampaignList(campaigns: readonly CampaignCardRow[], now: number): ConsoleCampaignList {
  return { campaigns: campaigns.map((campaign) => summary(campaign, campaign.pool, now)), now };
}

async function loadCampaign(caps: Deps, advertiserId: string, campaignId: string): Promise<CampaignListing> {
  const campaign = await findAdvertiserCampaign(caps.db, advertiserId, campaignId);
  if (campaign === null) throw campaignNotFound();
  return campaign;
}

/**
 * The reads of one campaign of the account as the console shows it (`consoleCampaignOf`), for a batch: the campaign
 * with its pools (null when it is not the account's) and its suggestions.
 */
export function consoleCampaignQueries(db: Database, advertiserId: string, campaignId: string) {
  return [advertiserCampaignCardQuery(db, advertiserId, campaignId), suggestionsQuery(db, campaignId)] as const;
}

/** The campaign as the console shows it, from `consoleCampaignQueries`; a 404 when it is not the account's. */
export function consoleCampaignOf(campaign: CampaignCardRow | null, suggestions: readonly Suggestion[], now: number): ConsoleCampaign {
  if (campaign === null) throw campaignNotFound();
  return {
    ...summary(campaign, campaign.pool, now),
    description: campaign.description,
    imageUrl: campaign.imageUrl,
    weeklyPool: campaign.weeklyPool,
    bonusPool: campaign.bonusPool,
    creatorCapBps: campaign.creatorCapBps,
    rules: campaign.rules,
    scoreWeights: campaign.scoreWeights,
    suggestions: suggestions.map((suggestion) => ({ id: suggestion.id, text: suggestion.text })),
    category: campaign.category,
    disclosure: campaign.disclosure,
    networks: campaign.networks,
    previewToken: campaign.previewToken,
    fundedAt: campaign.fundedAt,
  };
}

/** The campaign as the console shows it, read in one round trip (after a change, or by `getConsoleCampaign`). */
async function consoleView({ db, clock }: Deps, advertiserId: string, campaignId: string): Promise<ConsoleCampaign> {
  const [campaign, suggestions] = await runBatch(db, consoleCampaignQueries(db, advertiserId, campaignId));
  return consoleCampaignOf(campaign, suggestions, clock.now());
}

/** `GET /v1/advertiser/{id}/campaigns/{campaignId}`, in one round trip. */
export async function getConsoleCampaign(
  { db, clock }: Deps,
  userId: string,
  advertiserId: string,
  campaignId: string,
): Promise<ConsoleCampaign> {
  // What a non-member's read finds is dropped before anything is answered.
  const [member, campaign, suggestions] = await runBatch(db, [
    memberQuery(db, advertiserId, userId),
    ...consoleCampaignQueries(db, advertiserId, campaignId),
  ]);
  if (member === null) throw advertiserNotFound();
  return consoleCampaignOf(campaign, suggestions, clock.now());
}

/** The checks every save makes: the end after the start, and no new date in the past. */
function checkDates(input: ParsedCampaignInput, now: number, before: CampaignListing | null): void {
  if (input.endsAt <= input.startsAt) throw refused("endsAt", "The end must be after the start.", 400);
  if (input.endsAt <= now && input.endsAt !== before?.endsAt) throw refused("endsAt", "The end cannot be in the past.", 400);
  if (
    input.startsAt < now &&
    input.startsAt !== before?.startsAt &&
    (before === null || before.publishedAt === null || now < before.startsAt)
  ) {
    throw refused("startsAt", "The start cannot be in the past.", 400);
  }
}

function suggestionRows(campaignId: string, input: ParsedCampaignInput, existing: readonly Suggestion[]): Suggestion[] {
  const known = new Set(existing.map((suggestion) => suggestion.id));
  // An existing suggestion keeps its id, so posts that picked it still point at it.
  return input.suggestions.map((suggestion, position) => ({
    id: suggestion.id !== undefined && known.has(suggestion.id) ? suggestion.id : `sug_${randomToken(12)}`,
    campaignId,
    text: suggestion.text,
    position,
  }));
}

/** `POST /v1/advertiser/{id}/campaigns`: a new draft (never listed or joinable until published). */
export async function createCampaignDraft(
  caps: Deps,
  userId: string,
  advertiserId: string,
  input: ParsedCampaignInput,
): Promise<ConsoleCampaign> {
  await requireMembership(caps, userId, advertiserId);
  const now = caps.clock.now();
  checkDates(input, now, null);
  checkCategoryOnNetworks(input.category, input.networks);
  const id = `cmp_${randomToken(12)}`;
  await caps.db.batch([
    insertCampaignStatement(caps.db, {
      id,
      advertiserId,
      title: input.title,
      description: input.description,
      imageUrl: null,
      status: "inactive",
      visibility: input.visibility,
      startsAt: input.startsAt,
      endsAt: input.endsAt,
      maturityHours: 48,
      rewardCurrency: input.rewardCurrency,
      weeklyPool: input.weeklyPool,
      bonusPool: input.bonusPool,
      previewToken: newPreviewToken(),
      rules: input.rules,
      scoreWeights: input.scoreWeights,
      creatorCapBps: input.creatorCapBps,
      targetScore: 1_000_000,
      category: input.category,
      disclosure: input.disclosure.trim(),
      networks: input.networks,
      health: "unknown",
      fundedAt: null,
      publishedAt: null,
      createdAt: now,
      updatedAt: now,
    }),
    ...suggestionRows(id, input, []).map((suggestion) => insertSuggestionStatement(caps.db, suggestion)),
  ]);
  return consoleView(caps, advertiserId, id);
}

/**
 * What cannot change once a campaign runs, each refused with the field and the reason: nothing after it ended; the
 * currency once funded or started; the pools once funded; the start once started; no date moved into the past; no
 * network taken away once started (its creators' posts there are still being counted; a network may be added).
 */
function lockedChanges(before: CampaignListing, input: ParsedCampaignInput, now: number): FieldError[] {
  const locked: FieldError[] = [];
  const started = before.status !== "inactive" || (before.publishedAt !== null && now >= before.startsAt);
  if (input.rewardCurrency !== before.rewardCurrency && (before.fundedAt !== null || started)) {
    locked.push({ loc: ["body", "rewardCurrency"], msg: "The currency cannot change once the campaign is funded or has started." });
  }
  if (before.fundedAt !== null) {
    if (input.weeklyPool !== before.weeklyPool)
      locked.push({ loc: ["body", "weeklyPool"], msg: "The weekly pool cannot change once the campaign is funded." });
    if (input.bonusPool !== before.bonusPool)
      locked.push({ loc: ["body", "bonusPool"], msg: "The bonus pool cannot change once the campaign is funded." });
  }
  if (started && input.startsAt !== before.startsAt) {
    locked.push({ loc: ["body", "startsAt"], msg: "The start cannot change once the campaign has started." });
  }
  const removed = before.networks.filter((network) => !input.networks.includes(network));
  if (started && removed.length > 0) {
    locked.push({
      loc: ["body", "networks"],
      msg: `${removed.map((network) => rulesOf(network).name).join(" and ")} cannot be taken off a campaign that has started: creators' posts there are still counted. A network may be added.`,
    });
  }
  return locked;
}

/** `PUT /v1/advertiser/{id}/campaigns/{campaignId}`: saves the whole form. */
export async function updateConsoleCampaign(
  caps: ChangeDeps,
  userId: string,
  advertiserId: string,
  campaignId: string,
  input: ParsedCampaignInput,
): Promise<ConsoleCampaign> {
  await requireMembership(caps, userId, advertiserId);
  const before = await loadCampaign(caps, advertiserId, campaignId);
  const now = caps.clock.now();
  if (before.status === "evaluating" || before.status === "evaluated") {
    throw new AppError(409, "campaign_locked", "This campaign has ended: it can no longer be edited.", [
      { loc: ["path", "campaignId"], msg: "has ended" },
    ]);
  }
  const locked = lockedChanges(before, input, now);
  if (locked.length > 0) throw new AppError(409, "campaign_locked", locked.map((field) => field.msg).join(" "), locked);
  checkDates(input, now, before);
  checkCategoryOnNetworks(input.category, input.networks);
  const existing = await listSuggestions(caps.db, campaignId);
  await caps.db.batch([
    updateCampaignStatement(caps.db, campaignId, { ...input, disclosure: input.disclosure.trim() }, now),
    deleteSuggestionsStatement(caps.db, campaignId),
    ...suggestionRows(campaignId, input, existing).map((suggestion) => insertSuggestionStatement(caps.db, suggestion)),
  ]);
  await wakeChangedCampaign(caps, campaignId);
  return consoleView(caps, advertiserId, campaignId);
}

/** What a draft still lacks before creators may see it, each with the field and what to do. */
function incompleteFields(campaign: CampaignListing, now: number): FieldError[] {
  const missing: FieldError[] = [];
  if (campaign.title.trim() === "") missing.push({ loc: ["body", "title"], msg: "Give the campaign a title." });
  if (campaign.description.trim() === "")
    missing.push({ loc: ["body", "description"], msg: "Describe the campaign: creators read this before joining." });
  if (campaign.weeklyPool <= 0)
    missing.push({ loc: ["body", "weeklyPool"], msg: "Set a weekly pool above zero: it is what creators earn." });
  if (campaign.endsAt <= now) missing.push({ loc: ["body", "endsAt"], msg: "The end has passed: move it into the future." });
  return missing;
}

/** `POST /v1/advertiser/{id}/campaigns/{campaignId}/publish`: creators can see it from now; it does not fund it. */
export async function publishCampaign(
  caps: ChangeDeps,
  userId: string,
  advertiserId: string,
  campaignId: string,
): Promise<ConsoleCampaign> {
  await requireMembership(caps, userId, advertiserId);
  const campaign = await loadCampaign(caps, advertiserId, campaignId);
  if (campaign.publishedAt !== null) {
    throw new AppError(409, "already_published", "This campaign is already published.", [
      { loc: ["path", "campaignId"], msg: "is published" },
    ]);
  }
  const now = caps.clock.now();
  const missing = incompleteFields(campaign, now);
  if (missing.length > 0) {
    throw new AppError(400, "campaign_incomplete", `Not ready to publish: ${missing.map((field) => field.msg).join(" ")}`, missing);
  }
  await publishCampaignStatement(caps.db, campaignId, now).run();
  await wakeChangedCampaign(caps, campaignId);
  return consoleView(caps, advertiserId, campaignId);
}

/** `POST …/preview-token`: a new 128-bit token; the old link stops working at once. */
export async function rotatePreviewToken(
  caps: Deps,
  userId: string,
  advertiserId: string,
  campaignId: string,
): Promise<{ previewToken: string }> {
  await requireMembership(caps, userId, advertiserId);
  await loadCampaign(caps, advertiserId, campaignId);
  const previewToken = newPreviewToken();
  await setPreviewTokenStatement(caps.db, campaignId, previewToken, caps.clock.now()).run();
  return { previewToken };
}

/** Where a campaign image lives in R2, and the public path that serves it. */
export function campaignImageKey(campaignId: string, imageId: string): string {
  return `campaign-images/${campaignId}/${imageId}`;
}
export function campaignImagePath(campaignId: string, imageId: string): string {
  return `/v1/campaign-images/${encodeURIComponent(campaignId)}/${encodeURIComponent(imageId)}`;
}

/** `POST …/image`: the raw image body, checked by its bytes, stored in R2 and set as the campaign's image. */
export async function uploadCampaignImage(
  caps: Pick<Capabilities, "db" | "clock" | "media">,
  userId: string,
  advertiserId: string,
  campaignId: string,
  bytes: ArrayBuffer,
): Promise<ConsoleCampaign> {
  await requireMembership(caps, userId, advertiserId);
  await loadCampaign(caps, advertiserId, campaignId);
  if (bytes.byteLength === 0) throw refused("body", "The file is empty.", 400);
  if (bytes.byteLength > MAX_ATTACHMENT_BYTES) {
    throw new AppError(413, "attachment_too_large", `The image can be at most ${formatBytes(MAX_ATTACHMENT_BYTES)}.`, [
      { loc: ["body"], msg: `must be at most ${formatBytes(MAX_ATTACHMENT_BYTES)}` },
    ]);
  }
  const contentType = sniffImageType(new Uint8Array(bytes, 0, Math.min(bytes.byteLength, 16)));
  if (contentType === null) throw refused("body", "Only PNG, JPEG, GIF and WebP images can be used.", 400);
  const imageId = `img_${randomToken(12)}`;
  await caps.media.put(campaignImageKey(campaignId, imageId), bytes, { httpMetadata: { contentType } });
  await setCampaignImageStatement(caps.db, campaignId, campaignImagePath(campaignId, imageId), caps.clock.now()).run();
  return consoleView(caps, advertiserId, campaignId);
}

/** `GET /v1/campaign-images/{campaignId}/{imageId}`: the image bytes (public: creators see it on the campaign). */
export async function readCampaignImage(
  { media }: Pick<Capabilities, "media">,
  campaignId: string,
  imageId: string,
): Promise<{ body: ReadableStream; contentType: string }> {
  if (!/^img_[\w-]+$/.test(imageId) || !/^[\w-]+$/.test(campaignId)) throw notFound("This image does not exist.");
  const object = await media.get(campaignImageKey(campaignId, imageId));
  if (object === null) throw notFound("This image does not exist.");
  return { body: object.body, contentType: object.httpMetadata?.contentType ?? "application/octet-stream" };
}
