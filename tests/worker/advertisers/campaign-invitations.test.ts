import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { campaignInvitationsSchema, createdCampaignInvitationSchema } from "../../../worker/contracts/campaign-invitations.ts";
import { invitationPageSchema } from "../../../worker/contracts/pages.ts";
import { insertMemberStatement } from "../../../worker/db/advertiser-members.ts";
import { insertAdvertiserStatement } from "../../../worker/db/advertisers.ts";
import { insertCampaignStatement } from "../../../worker/db/campaigns.ts";
import { insertUserStatements } from "../../../worker/db/users.ts";
import { buildAdvertiser, buildCampaign, buildUser } from "../../../fixtures/factories.ts";
import { fetchWorker } from "../support/fetch.ts";
import { call, expectError } from "../support/http.ts";
import { newPerson, type Person } from "../support/people.ts";
import { bearerFor } from "../support/sessions.ts";

/*
 * Campaign invitations (docs/decisions/020-funding-and-invitations.md): members of the account that owns an
 * invite-only campaign make links with a 128-bit public token, optionally for one handle, expiring and limited in
 * uses; creators join with the token, and each refusal says why.
 */

const now = Date.now();
const run = crypto.randomUUID().slice(0, 6);
const advertiser = buildAdvertiser(`ci-${run}`, now, { name: "Invite Co" });
const other = buildAdvertiser(`ci-other-${run}`, now);
const campaign = buildCampaign(`ci-${run}`, advertiser, "active", now, { visibility: "invite-only", fundedAt: now });
const base = `/v1/advertiser/${advertiser.id}/campaigns/${campaign.id}/invitations`;

let member: Person;
let outsider: Person;

beforeAll(async () => {
  member = await newPerson();
  outsider = await newPerson();
  await env.DB.batch([
    insertAdvertiserStatement(env.DB, advertiser),
    insertAdvertiserStatement(env.DB, other),
    insertCampaignStatement(env.DB, campaign),
    insertMemberStatement(env.DB, { advertiserId: advertiser.id, userId: member.userId, role: "owner", invitedBy: null, createdAt: now }),
    insertMemberStatement(env.DB, { advertiserId: other.id, userId: outsider.userId, role: "owner", invitedBy: null, createdAt: now }),
  ]);
});

const countInvitations = async () =>
  Number(await env.DB.prepare(`SELECT COUNT(*) AS n FROM invitations WHERE campaign_id = ?`).bind(campaign.id).first("n"));

async function invite(body: unknown = {}) {
  const response = await call("POST", base, member.bearer, body);
  expect(response.status).toBe(201);
  const created = createdCampaignInvitationSchema.parse(await response.json());
  const token = /\/invitation\/([\w-]+)$/.exec(created.link)?.[1];
  if (token === undefined) throw new Error(`Not an invitation link: ${created.link}`);
  return { ...created, token };
}

const join = (person: Person, body: unknown) => call("POST", `/v1/page/campaign/${campaign.id}/join`, person.bearer, body);

describe("campaign invitations", () => {
  it("makes a link with a 128-bit token, lists it with its uses and joins a creator with the token", async () => {
    const created = await invite({ maxUses: 2 });
    expect(created.token).toMatch(/^[\w-]{22}$/);
    expect(created.link).toBe(`http://127.0.0.1:8787/invitation/${created.token}`);
    expect(created.invitation).toMatchObject({ maxUses: 2, uses: 0, inviteeHandle: null, inviteeNetwork: null, state: "ok" });
    const days = ((created.invitation.expiresAt ?? 0) - now) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);

    const creator = await newPerson();
    // The internal id does not open a new invitation: only the public token does.
    await expectError(await join(creator, { invitationId: created.invitation.id }), 403, "invitation_invalid");
    expect((await join(creator, { invitationToken: created.token })).status).toBe(201);
    expect((await join(creator, { invitationToken: created.token })).status).toBe(200);

    const list = campaignInvitationsSchema.parse(await (await call("GET", base, member.bearer)).json());
    expect(list.invitations.find((item) => item.id === created.invitation.id)).toMatchObject({ uses: 1, maxUses: 2, state: "ok" });
  });

  it("refuses a used-up invitation, counting uses in the join", async () => {
    const created = await invite({ maxUses: 1 });
    expect((await join(await newPerson(), { invitationToken: created.token })).status).toBe(201);
    const late = await expectError(await join(await newPerson(), { invitationToken: created.token }), 409, "invitation_used_up");
    expect(late.message).toMatch(/used as many times as it allows \(1\)/);
    expect(late.detail?.[0]?.loc).toEqual(["body", "invitationToken"]);
    const page = invitationPageSchema.parse(await (await fetchWorker(`/v1/page/invitation/token/${created.token}`)).json());
    expect(page).toMatchObject({ state: "used-up", expired: true });
    const html = await (await fetchWorker(`/invitation/${created.token}`, { headers: { Accept: "text/html" } })).text();
    expect(html).toContain("used as many times as it allows");
  });

  it("refuses an expired invitation", async () => {
    const created = await invite({ expiresInDays: 1 });
    await env.DB.prepare(`UPDATE invitations SET expires_at = ? WHERE id = ?`)
      .bind(now - 1, created.invitation.id)
      .run();
    const refused = await expectError(await join(await newPerson(), { invitationToken: created.token }), 410, "invitation_expired");
    expect(refused.message).toMatch(/expired/);
    const page = invitationPageSchema.parse(await (await fetchWorker(`/v1/page/invitation/token/${created.token}`)).json());
    expect(page.state).toBe("expired");
  });

  it("revokes: the link stops working, those who joined stay", async () => {
    const created = await invite();
    const early = await newPerson();
    expect((await join(early, { invitationToken: created.token })).status).toBe(201);
    expect((await call("DELETE", `${base}/${created.invitation.id}`, member.bearer)).status).toBe(200);
    await expectError(await join(await newPerson(), { invitationToken: created.token }), 410, "invitation_revoked");
    expect((await join(early, {})).status).toBe(200);
    const html = await (await fetchWorker(`/invitation/${created.token}`, { headers: { Accept: "text/html" } })).text();
    expect(html).toContain("withdrawn by the advertiser");
    await expectError(await call("DELETE", `${base}/inv-nope`, member.bearer), 404, "not_found");
  });

  it("keeps a handle's invitation for that handle, and notifies a known creator", async () => {
    const invitee = await newPerson();
    const created = await invite({ inviteeHandle: `@${invitee.handle.toUpperCase()}` });
    expect(created.invitation).toMatchObject({ inviteeHandle: invitee.handle.toUpperCase(), inviteeNetwork: "x" });
    const notified = await env.DB.prepare(`SELECT title, link FROM notifications WHERE user_id = ? AND event_type = 'campaign-invited'`)
      .bind(invitee.userId)
      .first<{ title: string; link: string }>();
    expect(notified).toEqual({ title: `Invite Co invites you to ${campaign.title}`, link: `/invitation/${created.token}` });

    const stranger = await newPerson();
    const refused = await expectError(await join(stranger, { invitationToken: created.token }), 403, "invitation_for_someone_else");
    expect(refused.message).toBe(
      `This invitation is for @${invitee.handle.toUpperCase()} on X, and you are signed in as @${stranger.handle}.`,
    );
    expect((await join(invitee, { invitationToken: created.token })).status).toBe(201);

    // An unknown handle is fine: nobody to notify yet.
    const unknown = await invite({ inviteeHandle: "nobody_here_1" });
    expect(unknown.invitation.inviteeHandle).toBe("nobody_here_1");
  });

  it("keeps a Bluesky handle's invitation for the Bluesky account, not an X account of the same handle", async () => {
    const handle = `ada-${run}.bsky.social`;
    const onBluesky = buildUser(handle, now, { id: `user-ci-bsky-${run}`, signupAccount: `bluesky:did:plc:ci${run}` });
    const onX = buildUser(handle, now, { id: `user-ci-x-${run}`, signupAccount: `x:x-ci-${run}` });
    await env.DB.batch([...insertUserStatements(env.DB, onBluesky, ["creator"]), ...insertUserStatements(env.DB, onX, ["creator"])]);
    const blueskyPerson = { userId: onBluesky.id, handle, bearer: await bearerFor(onBluesky.id) };
    const xPerson = { userId: onX.id, handle, bearer: await bearerFor(onX.id) };

    const created = await invite({ inviteeHandle: `@${handle}`, inviteeNetwork: "bluesky" });
    expect(created.invitation).toMatchObject({ inviteeHandle: handle, inviteeNetwork: "bluesky" });
    const page = invitationPageSchema.parse(await (await fetchWorker(`/v1/page/invitation/token/${created.token}`)).json());
    expect(page).toMatchObject({ inviteeHandle: handle, inviteeNetwork: "bluesky" });
    const notified = await env.DB.prepare(`SELECT user_id FROM notifications WHERE event_type = 'campaign-invited' AND user_id IN (?, ?)`)
      .bind(onBluesky.id, onX.id)
      .all<{ user_id: string }>();
    expect(notified.results).toEqual([{ user_id: onBluesky.id }]);

    const refused = await expectError(await join(xPerson, { invitationToken: created.token }), 403, "invitation_for_someone_else");
    expect(refused.message).toBe(`This invitation is for @${handle} on Bluesky, and you are signed in as @${handle} on X.`);
    expect((await join(blueskyPerson, { invitationToken: created.token })).status).toBe(201);

    // The handle follows the chosen network's rules: an X handle has no dots, a Bluesky one is a domain name.
    const asX = await expectError(await call("POST", base, member.bearer, { inviteeHandle: handle }), 400, "invalid_request");
    expect(asX.detail?.[0]).toMatchObject({
      loc: ["body", "inviteeHandle"],
      msg: "must be a handle on X: 1 to 15 letters, digits or underscores",
    });
    const notDomain = await expectError(
      await call("POST", base, member.bearer, { inviteeHandle: "ada", inviteeNetwork: "bluesky" }),
      400,
      "invalid_request",
    );
    expect(notDomain.detail?.[0]?.msg).toBe("must be a handle on Bluesky: a domain name such as alice.bsky.social");
  });

  it("joins with the token carried through sign-in (invite_id)", async () => {
    const created = await invite();
    const creator = await newPerson();
    await env.DB.prepare(`INSERT INTO user_attribution (user_id, invite_id, first_seen_at, updated_at) VALUES (?, ?, ?, ?)`)
      .bind(creator.userId, created.token, now, now)
      .run();
    expect((await join(creator, {})).status).toBe(201);
  });

  it("is for members of the campaign's account only; bad input names the field", async () => {
    const invitationsBefore = await countInvitations();
    await expectError(await call("POST", base, outsider.bearer, {}), 404, "not_found");
    await expectError(await call("GET", base, outsider.bearer), 404, "not_found");
    await expectError(
      await call("POST", `/v1/advertiser/${other.id}/campaigns/${campaign.id}/invitations`, outsider.bearer, {}),
      404,
      "not_found",
    );
    expect((await call("POST", base, null, {})).status).toBe(401);
    const bad = await expectError(await call("POST", base, member.bearer, { maxUses: 0 }), 400, "invalid_request");
    expect(bad.detail?.[0]?.loc).toEqual(["body", "maxUses"]);
    const badHandle = await call("POST", base, member.bearer, { inviteeHandle: "no spaces" });
    expect(badHandle.status).toBe(400);
    // A field the call does not know (a tab from before handles named their network sent `xHandle`) is refused,
    // rather than dropped into an invitation for anyone.
    const unknownField = await expectError(await call("POST", base, member.bearer, { xHandle: "ada" }), 400, "invalid_request");
    expect(unknownField.detail?.map((item) => item.loc)).toContainEqual(["body", "xHandle"]);
    expect(await countInvitations()).toBe(invitationsBefore);
  });
});
