import type { Capabilities } from "../capabilities.ts";
import type { AdvertiserMembersPage } from "../contracts/advertisers.ts";
import { memberQuery, membersQuery, pendingMemberInvitationsQuery } from "../db/advertiser-members.ts";
import { advertiserQuery } from "../db/advertisers.ts";
import { runBatch } from "../db/query.ts";
import { pendingInvitationView } from "../domain/advertisers/invitations.ts";
import { advertiserNotFound } from "../domain/advertisers/membership.ts";

/** `/advertiser/{advertiserId}/members`, for members only (anyone else gets the account's 404), in one round trip. */
export async function advertiserMembersPage(
  { db, clock, timings }: Pick<Capabilities, "db" | "clock" | "timings">,
  userId: string,
  advertiserId: string,
): Promise<AdvertiserMembersPage> {
  const [member, account, members, invitations] = await timings.measure("q-advertiser-members", () =>
    runBatch(db, [
      memberQuery(db, advertiserId, userId),
      advertiserQuery(db, advertiserId),
      membersQuery(db, advertiserId),
      pendingMemberInvitationsQuery(db, advertiserId, clock.now()),
    ]),
  );
  // What a non-member's read finds is dropped before anything is answered.
  if (member === null || account === null) throw advertiserNotFound();
  return { account, role: member.role, members, invitations: invitations.map(pendingInvitationView) };
}
