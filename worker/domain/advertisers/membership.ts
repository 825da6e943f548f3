import type { Capabilities } from "../../capabilities.ts";
import { AppError } from "../../contracts/errors.ts";
import type { MemberRole } from "../../contracts/advertisers.ts";
import { findMember } from "../../db/advertiser-members.ts";

/** The one answer for an account the user may not see, whether or not it exists: no existence leak. */
export function advertiserNotFound(): AppError {
  return new AppError(404, "not_found", "This advertiser account does not exist.");
}

/**
 * Every advertiser endpoint authorizes by the account it acts on through this: the user's role in that account, or a
 * 404 for a non-member (the same as for an account that does not exist). The `advertiser` role of `userRoles` is
 * never enough on its own.
 */
export async function requireMembership(
  caps: Pick<Capabilities, "db">,
  userId: string,
  advertiserId: string,
): Promise<{ role: "owner" | "member" }> {
  const member = await findMember(caps.db, advertiserId, userId);
  if (member === null) throw advertiserNotFound();
  return { role: member.role };
}

/** Like `requireMembership`, for what only an owner may do (403 for a plain member, who can see the account). */
export async function requireOwner(caps: Pick<Capabilities, "db">, userId: string, advertiserId: string, action: string): Promise<void> {
  const { role }: { role: MemberRole } = await requireMembership(caps, userId, advertiserId);
  if (role !== "owner")
    throw new AppError(403, "forbidden", `Only an owner of this advertiser account can ${action}. Ask one of its owners.`);
}
