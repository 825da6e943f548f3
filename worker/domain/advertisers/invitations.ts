import type { Capabilities } from "../../capabilities.ts";
import {
  MEMBER_INVITATION_DEFAULT_DAYS,
  type CreatedMemberInvitation,
  type CreateMemberInvitationInput,
  type MemberInvitationPreview,
  type MemberInvitationStatus,
  type Membership,
  type PendingMemberInvitation,
} from "../../contracts/advertisers.ts";
import { AppError } from "../../contracts/errors.ts";
import {
  acceptMemberInvitation,
  countOwners,
  findMember,
  findMemberInvitationByTokenHash,
  insertMemberInvitation,
  listPendingMemberInvitations,
  revokeMemberInvitation,
  type MemberInvitationRow,
} from "../../db/advertiser-members.ts";
import { findAdvertiser } from "../../db/advertisers.ts";
import { listLinkedAccounts } from "../../db/network-accounts.ts";
import { networkAccounts } from "../../contracts/networks/accounts.ts";
import { describeInvitee, inviteeMismatch } from "../../contracts/invitee.ts";
import { randomToken, sha256 } from "../../security/tokens.ts";
import { advertiserNotFound, requireMembership } from "./membership.ts";
import type { Database } from "../../database.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** 16 random bytes: a 128-bit token, shown once in the link and stored only as its SHA-256. */
const TOKEN_BYTES = 16;

/** The page a member invitation's link opens. */
export function memberInvitationLink(origin: string, token: string): string {
  return `${origin}/advertiser/join/${token}`;
}

/**
 * Creates a member invitation for an account. The caller has authorized the inviter (an admin, or a member through
 * `requireMembership`); an account that does not exist is a 404.
 */
async function createInvitation(
  { db, clock }: Pick<Capabilities, "db" | "clock">,
  inviterUserId: string,
  advertiserId: string,
  input: CreateMemberInvitationInput,
  origin: string,
): Promise<CreatedMemberInvitation> {
  if ((await findAdvertiser(db, advertiserId)) === null) throw advertiserNotFound();
  const token = randomToken(TOKEN_BYTES);
  const now = clock.now();
  const invitation = {
    id: `advinv-${crypto.randomUUID()}`,
    advertiserId,
    tokenHash: await sha256(token),
    inviteeHandle: input.inviteeHandle ?? null,
    inviteeNetwork: input.inviteeHandle === undefined ? null : input.inviteeNetwork,
    invitedBy: inviterUserId,
    expiresAt: now + (input.expiresInDays ?? MEMBER_INVITATION_DEFAULT_DAYS) * DAY_MS,
    acceptedBy: null,
    acceptedAt: null,
    revokedAt: null,
    createdAt: now,
  };
  await insertMemberInvitation(db, invitation);
  return {
    invitation: {
      id: invitation.id,
      expiresAt: invitation.expiresAt,
      inviteeHandle: invitation.inviteeHandle,
      inviteeNetwork: invitation.inviteeNetwork,
    },
    link: memberInvitationLink(origin, token),
  };
}

/** Admin (the route checks the role): invites a person, typically an account's first member. */
export function createInvitationAsAdmin(
  caps: Pick<Capabilities, "db" | "clock">,
  adminUserId: string,
  advertiserId: string,
  input: CreateMemberInvitationInput,
  origin: string,
): Promise<CreatedMemberInvitation> {
  return createInvitation(caps, adminUserId, advertiserId, input, origin);
}

/** A member invites another person to the same account. */
export async function createInvitationAsMember(
  caps: Pick<Capabilities, "db" | "clock">,
  userId: string,
  advertiserId: string,
  input: CreateMemberInvitationInput,
  origin: string,
): Promise<CreatedMemberInvitation> {
  await requireMembership(caps, userId, advertiserId);
  return createInvitation(caps, userId, advertiserId, input, origin);
}

export async function listPendingInvitations(
  caps: Pick<Capabilities, "db" | "clock">,
  userId: string,
  advertiserId: string,
): Promise<{ invitations: PendingMemberInvitation[] }> {
  await requireMembership(caps, userId, advertiserId);
  const rows = await listPendingMemberInvitations(caps.db, advertiserId, caps.clock.now());
  return { invitations: rows.map(pendingInvitationView) };
}

/** A pending invitation as members see it (never its token). */
export function pendingInvitationView(row: MemberInvitationRow & { inviterHandle: string }): PendingMemberInvitation {
  return {
    id: row.id,
    expiresAt: row.expiresAt,
    inviteeHandle: row.inviteeHandle,
    inviteeNetwork: row.inviteeNetwork,
    createdAt: row.createdAt,
    invitedBy: { userId: row.invitedBy, handle: row.inviterHandle },
  };
}

export async function revokeInvitation(
  caps: Pick<Capabilities, "db" | "clock">,
  userId: string,
  advertiserId: string,
  invitationId: string,
): Promise<void> {
  await requireMembership(caps, userId, advertiserId);
  if (!(await revokeMemberInvitation(caps.db, advertiserId, invitationId, caps.clock.now()))) {
    throw new AppError(404, "not_found", "There is no pending invitation with this id: it may have been accepted or revoked already.");
  }
}

function statusOf(invitation: MemberInvitationRow, now: number): MemberInvitationStatus {
  if (invitation.revokedAt !== null) return "revoked";
  if (invitation.acceptedAt !== null) return "used";
  if (invitation.expiresAt <= now) return "expired";
  return "ok";
}

const unknownInvitation = () =>
  new AppError(404, "not_found", "This invitation link is not valid. Check that you copied the whole link, or ask for a new one.");

async function invitationByToken(db: Database, token: string): Promise<MemberInvitationRow> {
  const invitation = token.length > 0 && token.length <= 64 ? await findMemberInvitationByTokenHash(db, await sha256(token)) : null;
  if (invitation === null) throw unknownInvitation();
  return invitation;
}

/** What the link's holder sees before accepting (no sign-in needed): the account and whether the link still works. */
export async function previewMemberInvitation(
  { db, clock }: Pick<Capabilities, "db" | "clock">,
  token: string,
): Promise<MemberInvitationPreview> {
  const invitation = await invitationByToken(db, token);
  const advertiser = await findAdvertiser(db, invitation.advertiserId);
  if (advertiser === null) throw unknownInvitation();
  return {
    advertiser: { id: advertiser.id, name: advertiser.name, tagline: advertiser.tagline },
    status: statusOf(invitation, clock.now()),
    inviteeHandle: invitation.inviteeHandle,
    inviteeNetwork: invitation.inviteeNetwork,
    expiresAt: invitation.expiresAt,
  };
}

/**
 * Accepts an invitation: the signed-in person becomes a member (the account's owner when it has none yet, as after
 * an admin's first invitation). The link works once.
 */
export async function acceptInvitation(
  { db, clock }: Pick<Capabilities, "db" | "clock">,
  userId: string,
  token: string,
): Promise<Membership> {
  const invitation = await invitationByToken(db, token);
  const advertiser = await findAdvertiser(db, invitation.advertiserId);
  if (advertiser === null) throw unknownInvitation();
  const now = clock.now();
  const status = statusOf(invitation, now);
  if (status === "revoked")
    throw new AppError(410, "invitation_revoked", `This invitation to ${advertiser.name} was revoked. Ask a member for a new one.`);
  if (status === "used") {
    throw new AppError(
      409,
      "invitation_used",
      `This invitation to ${advertiser.name} has already been used. Each link works once: ask a member for a new one.`,
    );
  }
  if (status === "expired")
    throw new AppError(410, "invitation_expired", `This invitation to ${advertiser.name} has expired. Ask a member for a new one.`);
  const accounts = await listLinkedAccounts(db, userId);
  if (accounts.length === 0) throw new AppError(401, "unauthorized", "Sign in again to accept this invitation.");
  const mismatch = inviteeMismatch(invitation, accounts);
  if (mismatch !== null && invitation.inviteeHandle !== null && invitation.inviteeNetwork !== null) {
    const own = accounts.find((account) => account.network === invitation.inviteeNetwork) ?? accounts[0];
    throw new AppError(
      403,
      "wrong_handle",
      `${mismatch} Sign in with ${networkAccounts[invitation.inviteeNetwork].name} as @${invitation.inviteeHandle}, or ask for an invitation for ${own === undefined || own.network === invitation.inviteeNetwork ? `@${own?.handle ?? ""}` : describeInvitee(own.handle, own.network)}.`,
    );
  }
  if ((await findMember(db, advertiser.id, userId)) !== null) {
    throw new AppError(
      409,
      "already_member",
      `You are already a member of ${advertiser.name}. The invitation is left unused for someone else.`,
    );
  }
  const role = (await countOwners(db, advertiser.id)) === 0 ? "owner" : "member";
  if (!(await acceptMemberInvitation(db, invitation, userId, role, now))) {
    throw new AppError(
      409,
      "invitation_used",
      `This invitation to ${advertiser.name} has already been used. Each link works once: ask a member for a new one.`,
    );
  }
  const member = await findMember(db, advertiser.id, userId);
  return { advertiser, role: member?.role ?? role, joinedAt: member?.createdAt ?? now };
}
