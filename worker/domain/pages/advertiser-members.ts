import type { Capabilities } from "../../capabilities.ts";
import type { AdvertiserMembersPage } from "../../contracts/advertisers.ts";
import { listMembers } from "../../db/advertiser-members.ts";
import { findAdvertiser } from "../../db/advertisers.ts";
import { listPendingInvitations } from "../advertisers/invitations.ts";
import { advertiserNotFound, requireMembership } from "../advertisers/membership.ts";

/** `/advertiser/{advertiserId}/members`, for members only (anyone else gets the account's 404). */
export async function advertiserMembersPage(
  caps: Pick<Capabilities, "db" | "clock">,
  userId: string,
  advertiserId: string,
): Promise<AdvertiserMembersPage> {
  const { role } = await requireMembership(caps, userId, advertiserId);
  const [account, members, { invitations }] = await Promise.all([
    findAdvertiser(caps.db, advertiserId),
    listMembers(caps.db, advertiserId),
    listPendingInvitations(caps, userId, advertiserId),
  ]);
  if (account === null) throw advertiserNotFound();
  return { account, role, members, invitations };
}
