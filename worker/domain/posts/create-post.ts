import { campaignWeekAt } from "../../contracts/campaign-weeks.ts";
import { missingDisclosureMessage, startsWithDisclosure } from "../../contracts/disclosure.ts";
import { currentCampaignStatuses } from "../../contracts/vocabulary.ts";
import type { createPostInputSchema, CreatedPost } from "../../contracts/posts.ts";
import { claimAttachments, findAttachments, listAttachmentsOfPost, type StoredAttachment } from "../../db/attachments.ts";
import { findCampaignListing, type CampaignListing } from "../../db/campaigns.ts";
import {
  deleteUnpublishedPost,
  findPost,
  findPostByClientRequest,
  insertPostIfNew,
  isCampaignParticipant,
  markPostPublished,
  oldestPendingReservationWith,
  type Post,
} from "../../db/posts.ts";
import { listSuggestions } from "../../db/suggestions.ts";
import { AppError } from "../../contracts/errors.ts";
import { randomToken } from "../../security/tokens.ts";
import { trackingFrom } from "../rewards/poll-schedule.ts";
import { NetworkError, type NetworkAdapter, type NetworkDeps, type PostImage } from "../networks/adapter.ts";
import { networksFor } from "../networks/registry.ts";
import { rulesOf } from "../../contracts/networks/registry.ts";
import type { Network } from "../../contracts/networks/rules.ts";
import { apiErrorFromNetwork } from "./network-errors.ts";
import { ABANDONED_AFTER_MS, adoptPublishedCopy, findPublishedCopy } from "./reconcile-posts.ts";
import type { z } from "zod";
import type { Database } from "../../database.ts";

export type PostingDeps = NetworkDeps & {
  media: R2Bucket;
  /** How a request waits for a concurrent submit of the same press to finish. */
  sleep?: (milliseconds: number) => Promise<void>;
};

/** The spec's payload and the press of Post it belongs to (the `Idempotency-Key`). */
export type CreatePostCommand = Omit<z.output<typeof createPostInputSchema>, "clientRequestId"> & { idempotencyKey: string };
export type CreatePostResult = { post: CreatedPost; created: boolean };

/** How long a second submit waits for the first to come back from X before telling the creator to look later. */
const CONCURRENT_WAIT_MS = 15_000;
const CONCURRENT_POLL_MS = 200;

function postView(post: Post, attachments: readonly StoredAttachment[]): CreatedPost {
  return {
    id: post.id,
    campaignId: post.campaignId,
    content: post.content,
    status: post.status,
    campaignWeek: post.campaignWeek,
    selectedSuggestionId: post.selectedSuggestionId,
    network: post.network,
    networkPostId: post.networkPostId,
    postedAt: post.postedAt,
    attachments: attachments.map((attachment) => ({
      id: attachment.id,
      contentType: attachment.contentType,
      sizeBytes: attachment.sizeBytes,
    })),
  };
}

async function openCampaignFor(db: Database, userId: string, campaignId: string, now: number): Promise<CampaignListing> {
  const campaign = await findCampaignListing(db, campaignId);
  const joined = campaign !== null && (await isCampaignParticipant(db, campaignId, userId));
  if (campaign === null || (!joined && campaign.visibility === "invite-only")) {
    throw new AppError(404, "campaign_not_found", "This campaign does not exist.", [
      { loc: ["body", "campaignId"], msg: "no such campaign" },
    ]);
  }
  if (!joined) {
    throw new AppError(403, "campaign_not_joined", `Join ${campaign.title} before posting to it.`, [
      { loc: ["body", "campaignId"], msg: "you have not joined this campaign" },
    ]);
  }
  const open =
    (currentCampaignStatuses as readonly string[]).includes(campaign.status) && campaign.startsAt <= now && now < campaign.endsAt;
  if (!open) {
    const reason =
      now >= campaign.endsAt || campaign.status === "evaluating" || campaign.status === "evaluated" ? "has ended" : "has not started yet";
    throw new AppError(409, "campaign_closed", `${campaign.title} ${reason}, so it takes no posts now.`, [
      { loc: ["body", "campaignId"], msg: `the campaign ${reason}` },
    ]);
  }
  return campaign;
}

/** A post goes to one of the campaign's networks (docs/decisions/044-campaign-networks.md). */
function checkNetwork(campaign: CampaignListing, network: Network): void {
  if (campaign.networks.includes(network)) return;
  const names = campaign.networks.map((each) => rulesOf(each).name).join(" and ");
  throw new AppError(400, "network_not_in_campaign", `${campaign.title} runs on ${names} only, not on ${rulesOf(network).name}.`, [
    { loc: ["body", "network"], msg: `the campaign runs on ${campaign.networks.join(", ")}` },
  ]);
}

/** A sponsored post opens with the campaign's disclosure (docs/decisions/041-disclosure.md); nothing is published without it. */
function checkDisclosure(campaign: CampaignListing, content: string): void {
  if (startsWithDisclosure(content, campaign.disclosure)) return;
  throw new AppError(400, "missing_disclosure", missingDisclosureMessage(campaign.disclosure), [
    { loc: ["body", "content"], msg: `must start with ${campaign.disclosure}` },
  ]);
}

async function checkSuggestion(db: Database, campaignId: string, suggestionId: string | null): Promise<void> {
  if (suggestionId === null) return;
  const suggestions = await listSuggestions(db, campaignId);
  if (!suggestions.some((suggestion) => suggestion.id === suggestionId)) {
    throw new AppError(400, "invalid_request", "selectedSuggestionId: is not a suggested post of this campaign", [
      { loc: ["body", "selectedSuggestionId"], msg: "is not a suggested post of this campaign" },
    ]);
  }
}

/** The creator's own unused attachments, in the order given. Another creator's ids answer like missing ones. */
async function usableAttachments(db: Database, userId: string, ids: readonly string[]): Promise<StoredAttachment[]> {
  const found = new Map((await findAttachments(db, ids)).map((attachment) => [attachment.id, attachment]));
  return ids.map((id, index) => {
    const attachment = found.get(id);
    if (attachment === undefined || attachment.userId !== userId) {
      throw new AppError(404, "attachment_not_found", "One of the images is not among your uploads. Remove it and attach it again.", [
        { loc: ["body", "attachments", index], msg: "no such image among your uploads" },
      ]);
    }
    if (attachment.postId !== null) throw attachmentTaken(index);
    return attachment;
  });
}

function attachmentTaken(index?: number): AppError {
  return new AppError(409, "attachment_used", "One of the images already belongs to another post. Remove it and attach it again.", [
    { loc: index === undefined ? ["body", "attachments"] : ["body", "attachments", index], msg: "already used by another post" },
  ]);
}

async function imageBytes(media: R2Bucket, attachment: StoredAttachment, index: number): Promise<ArrayBuffer> {
  const object = await media.get(attachment.r2Key);
  if (object === null) {
    throw new AppError(410, "attachment_gone", "One of the images is no longer stored. Remove it and attach it again.", [
      { loc: ["body", "attachments", index], msg: "no longer stored" },
    ]);
  }
  return object.arrayBuffer();
}

const isDuplicateContent = (error: unknown) => error instanceof NetworkError && error.kind === "duplicate";

const defaultSleep = (milliseconds: number) => new Promise<void>((resolve) => setTimeout(resolve, milliseconds));

type Outcome = { kind: "done"; result: CreatePostResult } | { kind: "retry" };

/**
 * A submit whose press (idempotency key) already has a post: the first post is the answer. If that one is still on
 * its way to X, wait for it; if it vanished (X refused it), this request may try again. If it was abandoned (the
 * request died between X and D1), X is asked whether the first attempt got through: its post is adopted, or the
 * reservation is released and this request tries again.
 */
async function settleExisting(deps: PostingDeps, commandAdapter: NetworkAdapter, existing: Post): Promise<Outcome> {
  const { db, clock } = deps;
  // The first press decides the network: its copy is looked for where it was sent.
  const adapter = existing.network === commandAdapter.network ? commandAdapter : networksFor(deps)(existing.network);
  const sleep = deps.sleep ?? defaultSleep;
  let current: Post | null = existing;
  for (let waited = 0; ; waited += CONCURRENT_POLL_MS) {
    if (current === null) return { kind: "retry" };
    if (current.networkPostId !== null) {
      return { kind: "done", result: { post: postView(current, await listAttachmentsOfPost(db, current.id)), created: false } };
    }
    if (clock.now() - current.createdAt > ABANDONED_AFTER_MS) {
      const abandoned = current;
      const copy = await findPublishedCopy({ db, adapter }, abandoned);
      if (copy !== null && (await adoptPublishedCopy(db, abandoned, copy, clock.now()))) {
        const adopted: Post = { ...abandoned, networkPostId: copy.id, postedAt: copy.createdAt };
        return { kind: "done", result: { post: postView(adopted, await listAttachmentsOfPost(db, abandoned.id)), created: false } };
      }
      await deleteUnpublishedPost(db, abandoned.id);
      current = await findPost(db, abandoned.id);
      continue;
    }
    if (waited >= CONCURRENT_WAIT_MS) {
      throw new AppError(
        409,
        "post_in_progress",
        `This post is still being published on ${adapter.rules.name}. Check your posts in a moment before sending it again.`,
      );
    }
    await sleep(CONCURRENT_POLL_MS);
    current = await findPost(db, current.id);
  }
}

async function publish(deps: PostingDeps, adapter: NetworkAdapter, userId: string, command: CreatePostCommand): Promise<Outcome> {
  const { db, clock } = deps;
  const request = { campaignId: command.campaignId, userId, clientRequestId: command.idempotencyKey };
  const existing = await findPostByClientRequest(db, request);
  if (existing !== null) return settleExisting(deps, adapter, existing);

  const now = clock.now();
  const campaign = await openCampaignFor(db, userId, command.campaignId, now);
  checkNetwork(campaign, command.network);
  checkDisclosure(campaign, command.content);
  await checkSuggestion(db, campaign.id, command.selectedSuggestionId);
  const attachments = await usableAttachments(db, userId, command.attachments);

  // Reserved before the network is called: of two concurrent submits of one press, only one gets here and publishes.
  const reservation: Post = {
    id: `post_${randomToken(16)}`,
    campaignId: campaign.id,
    userId,
    network: command.network,
    networkPostId: null,
    content: command.content,
    status: "evaluating",
    campaignWeek: campaignWeekAt(campaign, now),
    selectedSuggestionId: command.selectedSuggestionId,
    postedAt: now,
    statusReasons: [],
    clientRequestId: command.idempotencyKey,
    createdAt: now,
    updatedAt: now,
  };
  if (!(await insertPostIfNew(db, reservation))) {
    const winner = await findPostByClientRequest(db, request);
    return winner === null ? { kind: "retry" } : settleExisting(deps, adapter, winner);
  }

  let published = false;
  try {
    const claimed = await claimAttachments(db, reservation.id, userId, command.attachments);
    if (claimed !== command.attachments.length) throw attachmentTaken();
    const images: PostImage[] = [];
    for (const [index, attachment] of attachments.entries()) {
      images.push({ bytes: await imageBytes(deps.media, attachment, index), contentType: attachment.contentType });
    }
    let tweet: { id: string; postedAt: number };
    try {
      // Every post Chorus publishes is for a campaign, so every one asks for the network's paid-partnership label.
      tweet = await adapter.publish(userId, { text: command.content, images, paidPartnership: true });
    } catch (error) {
      // The network holds this text already. If an earlier attempt of it died before recording the network's id,
      // that post is this one; without such an attempt the creator posted the text before, and the refusal stands.
      const earlierAttempt = isDuplicateContent(error) ? await oldestPendingReservationWith(db, reservation) : null;
      const copy = earlierAttempt === null ? null : await findPublishedCopy({ db, adapter }, reservation, earlierAttempt);
      if (copy === null) throw error;
      tweet = { id: copy.id, postedAt: copy.createdAt };
    }
    published = true;
    await markPostPublished(db, reservation.id, { networkPostId: tweet.id, postedAt: tweet.postedAt }, trackingFrom(clock.now()));
    const post: Post = { ...reservation, networkPostId: tweet.id, postedAt: tweet.postedAt, updatedAt: tweet.postedAt };
    return { kind: "done", result: { post: postView(post, attachments), created: true } };
  } catch (error) {
    // A post X published stays reserved even if recording it failed: deleting it would let the press publish twice.
    if (!published) await deleteUnpublishedPost(db, reservation.id);
    if (error instanceof NetworkError) throw apiErrorFromNetwork(error, clock.now());
    throw error;
  }
}

/**
 * Publishes a creator's post on the network they chose, through its adapter with their access there (images
 * uploaded to the network first, from R2), and records it as `evaluating` on that network. A repeated submit of the
 * same press answers with the first post instead of posting twice.
 */
export async function createPost(deps: PostingDeps, userId: string, command: CreatePostCommand): Promise<CreatePostResult> {
  const adapter = networksFor(deps)(command.network);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    let outcome: Outcome;
    try {
      outcome = await publish(deps, adapter, userId, command);
    } catch (error) {
      if (error instanceof NetworkError) throw apiErrorFromNetwork(error, deps.clock.now());
      throw error;
    }
    if (outcome.kind === "done") return outcome.result;
  }
  throw new AppError(409, "post_in_progress", "This post could not be sent just now. Try again in a moment.");
}
