import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { HOUR } from "../../../worker/clock.ts";
import { createdCreatorInvitationSchema, creatorInvitationsSchema } from "../../../worker/contracts/creator-invitations.ts";
import { errorBodySchema } from "../../../worker/contracts/errors.ts";
import { invitationPageSchema } from "../../../worker/contracts/pages.ts";
import { insertAdvertiserStatement } from "../../../worker/db/advertisers.ts";
import { insertCampaignStatement } from "../../../worker/db/campaigns.ts";
import { joinCampaignStatements } from "../../../worker/db/memberships.ts";
import { insertUserStatements } from "../../../worker/db/users.ts";
import { buildAdvertiser, buildCampaign, buildUser } from "../../../fixtures/factories.ts";
import { fetchWorker } from "../support/fetch.ts";
import { bearerFor } from "../support/sessions.ts";
import { call } from "../support/http.ts";

/*
 * Creators invite creators (docs/decisions/032-spec-server-items.md section 5): a joined creator gets an invitation
 * link to the campaign (its inviter is that creator), at most five new links a day; whoever joins with it is recorded
 * as joining through them, and the inviter sees who did.
 */

const now = Date.now();
const advertiser = buildAdvertiser("ci-creators", now, { name: "Referral Co" });
const open = buildCampaign("ci-open", advertiser, "active", now, { title: "Open to all" });
const closedDoor = buildCampaign("ci-invite-only", advertiser, "active", now, { title: "Invite only", visibility: "invite-only" });
const ended = buildCampaign("ci-ended", advertiser, "evaluated", now, { title: "Ended" });
const more = [1, 2, 3, 4, 5].map((index) => buildCampaign(`ci-more-${index}`, advertiser, "active", now, { title: `More ${index}` }));

type Person = { userId: string; handle: string; bearer: string };
const people = new Map<string, Person>();
const handles = ["ref_ines", "ref_jon", "ref_kat", "ref_lou", "ref_max"] as const;

function person(handle: (typeof handles)[number]): Person {
  const found = people.get(handle);
  if (found === undefined) throw new Error(`No ${handle}`);
  return found;
}

const invitationPath = (campaignId: string) => `/v1/campaign/${campaignId}/invitation`;
const join = (who: Person, campaignId: string, body: unknown = {}) =>
  call("POST", `/v1/page/campaign/${campaignId}/join`, who.bearer, body);

async function makeLink(who: Person, campaignId: string) {
  const response = await call("POST", invitationPath(campaignId), who.bearer);
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  const created = createdCreatorInvitationSchema.parse(await response.json());
  const token = /\/invitation\/([\w-]+)$/.exec(created.invitation.link)?.[1];
  if (token === undefined) throw new Error(`Not an invitation link: ${created.invitation.link}`);
  return { status: response.status, ...created, token };
}

async function invitationsOf(who: Person, campaignId: string) {
  const response = await call("GET", invitationPath(campaignId), who.bearer);
  expect(response.status, await response.clone().text()).toBe(200);
  return creatorInvitationsSchema.parse(await response.json());
}

/** The invitation a join recorded: the catalog's membership and the campaign's participant row say the same. */
async function participantInvitation(userId: string, campaignId: string) {
  const recorded = await env.DB.batch([
    env.DB.prepare(`SELECT invitation_id FROM campaign_memberships WHERE user_id = ? AND campaign_id = ?`).bind(userId, campaignId),
    env.DB.prepare(`SELECT invitation_id FROM campaign_participants WHERE user_id = ? AND campaign_id = ?`).bind(userId, campaignId),
  ]);
  const [membership, participant] = recorded.map(
    (result) => (result.results[0] as { invitation_id: string | null } | undefined)?.invitation_id,
  );
  expect(participant).toBe(membership);
  return membership;
}

beforeAll(async () => {
  const users = handles.map((handle) => buildUser(handle, now));
  await env.DB.batch([
    insertAdvertiserStatement(env.DB, advertiser),
    ...[open, closedDoor, ended, ...more].map((campaign) => insertCampaignStatement(env.DB, campaign)),
    ...users.flatMap((user) => insertUserStatements(env.DB, user, ["creator"])),
  ]);
  for (const user of users)
    people.set(user.handle as (typeof handles)[number], { userId: user.id, handle: user.handle, bearer: await bearerFor(user.id) });
  const ines = person("ref_ines");
  // Ines joined the open campaign, the invite-only one (through the advertiser), the ended one and five more.
  await env.DB.batch(
    [open, closedDoor, ended, ...more].flatMap((campaign) => joinCampaignStatements(env.DB, campaign.id, ines.userId, now - HOUR)),
  );
});

describe("a joined creator's invitation link", () => {
  it("is made once and answered again to a repeat; its inviter is the creator, shown on the invitation page", async () => {
    const ines = person("ref_ines");
    const first = await makeLink(ines, open.id);
    expect(first).toMatchObject({
      status: 201,
      created: true,
      invitation: { uses: 0, maxUses: 10, state: "ok", link: `http://127.0.0.1:8787/invitation/${first.token}` },
    });
    expect(first.invitation.expiresAt - first.invitation.createdAt).toBe(14 * 24 * HOUR);
    const again = await makeLink(ines, open.id);
    expect(again).toMatchObject({ status: 200, created: false, invitation: { id: first.invitation.id } });

    const row = await env.DB.prepare(`SELECT inviter_user_id, inviter_advertiser_id, max_uses FROM invitations WHERE id = ?`)
      .bind(first.invitation.id)
      .first();
    expect(row).toEqual({ inviter_user_id: ines.userId, inviter_advertiser_id: null, max_uses: 10 });

    const page = await fetchWorker(`/v1/page/invitation/token/${first.token}`);
    expect(invitationPageSchema.parse(await page.json())).toMatchObject({ inviter: { kind: "creator", name: "@ref_ines" }, state: "ok" });
  });

  it("records who joined through it, for a public campaign and an invite-only one, and lists them for the inviter", async () => {
    const ines = person("ref_ines");
    const jon = person("ref_jon");
    const kat = person("ref_kat");
    expect(await invitationsOf(ines, open.id)).toMatchObject({ joined: [] });

    const link = await makeLink(ines, open.id);
    const joined = await join(jon, open.id, { invitationToken: link.token });
    expect(joined.status, await joined.clone().text()).toBe(201);
    expect(await participantInvitation(jon.userId, open.id)).toBe(link.invitation.id);

    // Without her link, Kat cannot join the invite-only campaign; with it she can.
    const refused = await join(kat, closedDoor.id);
    expect(errorBodySchema.parse(await refused.json()).code).toBe("invitation_required");
    const inviteOnlyLink = await makeLink(ines, closedDoor.id);
    expect((await join(kat, closedDoor.id, { invitationToken: inviteOnlyLink.token })).status).toBe(201);
    expect(await participantInvitation(kat.userId, closedDoor.id)).toBe(inviteOnlyLink.invitation.id);

    const onOpen = await invitationsOf(ines, open.id);
    expect(onOpen.joined.map((entry) => [entry.handle, entry.name])).toEqual([["ref_jon", "ref_jon"]]);
    expect(onOpen.invitation).toMatchObject({ id: link.invitation.id, uses: 1 });
    expect((await invitationsOf(ines, closedDoor.id)).joined.map((entry) => entry.handle)).toEqual(["ref_kat"]);
    // Jon joined; he has no link of his own yet and nobody joined through him.
    expect(await invitationsOf(jon, open.id)).toEqual({ invitation: null, joined: [], linksLeftToday: 5 });
  });

  it("is not needed to join a public campaign: a link that cannot be used there only leaves the join unattributed", async () => {
    const lou = person("ref_lou");
    const joined = await join(lou, open.id, { invitationToken: "no-such-token-0000000000" });
    expect(joined.status, await joined.clone().text()).toBe(201);
    expect(await participantInvitation(lou.userId, open.id)).toBeNull();
  });

  it("is refused to a creator who did not join (403), for a campaign they cannot see (404) or that ended (409)", async () => {
    const max = person("ref_max");
    const notJoined = await call("POST", invitationPath(open.id), max.bearer);
    expect(notJoined.status).toBe(403);
    expect(errorBodySchema.parse(await notJoined.json())).toMatchObject({
      code: "not_a_participant",
      message: "Join this campaign first: then you can invite other creators to it.",
    });
    expect((await call("GET", invitationPath(open.id), max.bearer)).status).toBe(403);
    expect((await call("POST", invitationPath(closedDoor.id), max.bearer)).status).toBe(404);
    expect((await call("POST", invitationPath("campaign-nothing"), max.bearer)).status).toBe(404);

    const closed = await call("POST", invitationPath(ended.id), person("ref_ines").bearer);
    expect(closed.status).toBe(409);
    expect(errorBodySchema.parse(await closed.json()).code).toBe("campaign_closed");
  });

  it("can be made at most five times in 24 hours, then 429 with when the next one can be", async () => {
    const ines = person("ref_ines");
    // Two links so far today (the open and the invite-only campaign); three more fit.
    expect((await invitationsOf(ines, open.id)).linksLeftToday).toBe(3);
    for (const campaign of more.slice(0, 3)) expect((await makeLink(ines, campaign.id)).status).toBe(201);
    expect((await invitationsOf(ines, open.id)).linksLeftToday).toBe(0);

    const sixth = await call("POST", invitationPath(more[3]?.id ?? ""), ines.bearer);
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get("Retry-After"))).toBeGreaterThan(23 * 3600);
    expect(errorBodySchema.parse(await sixth.json())).toMatchObject({ code: "invitation_limit" });
    // A link she already has is still answered.
    expect((await makeLink(ines, open.id)).status).toBe(200);
  });
});
