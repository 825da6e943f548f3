import type { Capabilities } from "../../capabilities.ts";
import type { AdvertiserAccount, AdvertiserAccounts, AdvertiserMembers, CreateAdvertiserInput } from "../../contracts/advertisers.ts";
import { AppError } from "../../contracts/errors.ts";
import { deleteMemberKeepingAnOwner, findMember, listMembers, membershipsOfUserQuery } from "../../db/advertiser-members.ts";
import { findAdvertiserBySlug, insertNewAdvertiser } from "../../db/advertisers.ts";
import { runBatch } from "../../db/query.ts";
import { requireMembership, requireOwner } from "./membership.ts";

/** Admin: a new advertiser account, with no members yet (the admin then invites its first member, who becomes its owner). */
export async function createAdvertiserAccount(
  { db, clock }: Pick<Capabilities, "db" | "clock">,
  input: CreateAdvertiserInput,
): Promise<AdvertiserAccount> {
  const slugTaken = () =>
    new AppError(409, "slug_taken", `The slug "${input.slug}" is taken by another advertiser account: choose another.`, [
      { loc: ["body", "slug"], msg: "is taken" },
    ]);
  if ((await findAdvertiserBySlug(db, input.slug)) !== null) throw slugTaken();
  const advertiser: AdvertiserAccount = {
    id: `advertiser-${crypto.randomUUID()}`,
    slug: input.slug,
    name: input.name,
    tagline: input.tagline ?? "",
    websiteUrl: input.websiteUrl ?? null,
    createdAt: clock.now(),
  };
  // A slug taken between the check and here is caught by the UNIQUE constraint.
  if (!(await insertNewAdvertiser(db, advertiser))) throw slugTaken();
  return advertiser;
}

/** The accounts the user belongs to, with their role in each. */
export async function listAdvertiserAccounts({ db }: Pick<Capabilities, "db">, userId: string): Promise<AdvertiserAccounts> {
  // Batched, so that on the advertiser home it goes out with the document's current user.
  const [accounts] = await runBatch(db, [membershipsOfUserQuery(db, userId)]);
  return { accounts };
}

/** The members of an account, for its members. */
export async function listAdvertiserMembers(
  caps: Pick<Capabilities, "db">,
  userId: string,
  advertiserId: string,
): Promise<AdvertiserMembers> {
  await requireMembership(caps, userId, advertiserId);
  return { members: await listMembers(caps.db, advertiserId) };
}

/**
 * Removes a member: an owner removes anyone, anyone may remove themselves (leave). The last owner cannot go: the
 * account would have nobody able to manage it.
 */
export async function removeAdvertiserMember(
  caps: Pick<Capabilities, "db">,
  userId: string,
  advertiserId: string,
  memberUserId: string,
): Promise<void> {
  if (memberUserId === userId) await requireMembership(caps, userId, advertiserId);
  else await requireOwner(caps, userId, advertiserId, "remove members");
  const member = await findMember(caps.db, advertiserId, memberUserId);
  if (member === null) throw new AppError(404, "not_found", "This person is not a member of this advertiser account.");
  if (!(await deleteMemberKeepingAnOwner(caps.db, advertiserId, memberUserId))) {
    throw new AppError(
      409,
      "last_owner",
      memberUserId === userId
        ? "You are the last owner of this advertiser account, so you cannot leave it: an account always keeps an owner."
        : "This is the last owner of this advertiser account and cannot be removed.",
    );
  }
}
