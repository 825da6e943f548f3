import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import {
  advertiserAccountSchema,
  advertiserAccountsSchema,
  advertiserMembersSchema,
  createdMemberInvitationSchema,
  memberInvitationPreviewSchema,
  membershipSchema,
  pendingMemberInvitationsSchema,
  type AdvertiserAccount,
} from "../../../worker/contracts/advertisers.ts";
import { currentUserSchema } from "../../../worker/contracts/current-user.ts";
import { TestBrowser, tokensOf } from "../support/browser.ts";
import { fetchPage } from "../support/fetch.ts";
import { sessionCookieFor } from "../support/sessions.ts";
import { call, expectError } from "../support/http.ts";
import { newPerson, type Person } from "../support/people.ts";

/*
 * Advertiser accounts through the worker's HTTP API (docs/decisions/017-advertiser-accounts.md): an admin creates an
 * account and invites its first member (the owner), members invite others, links work once, and every call on an
 * account is authorized by membership of that account.
 */

const origin = "http://127.0.0.1:8787";
const run = crypto.randomUUID().slice(0, 8);

async function rolesOf(person: Person): Promise<string[]> {
  const response = await call("GET", "/auth/profile", person.bearer);
  expect(response.status).toBe(200);
  return currentUserSchema.parse(await response.json()).userRoles;
}

let slugs = 0;
async function createAccount(admin: Person, name = "Acme Ads"): Promise<AdvertiserAccount> {
  slugs += 1;
  const response = await call("POST", "/v1/admin/advertisers", admin.bearer, {
    name,
    slug: `acc-${run}-${slugs}`,
    tagline: "We sell things.",
    websiteUrl: "https://acme.example",
  });
  expect(response.status).toBe(201);
  return advertiserAccountSchema.parse(await response.json());
}

function tokenOf(link: string): string {
  const match = /\/advertiser\/join\/([\w-]+)$/.exec(link);
  if (match?.[1] === undefined) throw new Error(`Not an invitation link: ${link}`);
  return match[1];
}

async function invite(path: string, bearer: string, body: unknown = {}) {
  const response = await call("POST", path, bearer, body);
  expect(response.status).toBe(201);
  const created = createdMemberInvitationSchema.parse(await response.json());
  return { ...created, token: tokenOf(created.link) };
}

async function accept(token: string, person: Person) {
  return call("POST", `/v1/advertiser/invitations/${token}/accept`, person.bearer);
}

/** An account with an owner, made the way an admin does it. */
async function accountWithOwner(admin: Person) {
  const account = await createAccount(admin);
  const owner = await newPerson();
  const { token } = await invite(`/v1/admin/advertisers/${account.id}/invitations`, admin.bearer);
  expect((await accept(token, owner)).status).toBe(200);
  return { account, owner };
}

let admin: Person;
beforeAll(async () => {
  admin = await newPerson("adv", { roles: ["admin"] });
});

describe("an admin creates an account and invites its first member", () => {
  it("creates the account, shows a 128-bit link once, and the first to accept becomes its owner", async () => {
    const account = await createAccount(admin, "Orbit Media");
    expect(account).toMatchObject({ name: "Orbit Media", tagline: "We sell things.", websiteUrl: "https://acme.example" });

    const created = await invite(`/v1/admin/advertisers/${account.id}/invitations`, admin.bearer, { inviteeHandle: "@Someone_New" });
    expect(created.link).toBe(`${origin}/advertiser/join/${created.token}`);
    expect(created.invitation).toMatchObject({ inviteeHandle: "Someone_New", inviteeNetwork: "x" });
    // 16 random bytes in base64url.
    expect(created.token).toMatch(/^[\w-]{22}$/);
    const days = (created.invitation.expiresAt - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    const stored = await env.DB.prepare(`SELECT token_hash FROM advertiser_member_invitations WHERE id = ?`)
      .bind(created.invitation.id)
      .first("token_hash");
    expect(stored).not.toBe(created.token);

    const preview = await call("GET", `/v1/advertiser/invitations/${created.token}`, null);
    expect(preview.status).toBe(200);
    expect(memberInvitationPreviewSchema.parse(await preview.json())).toMatchObject({
      advertiser: { id: account.id, name: "Orbit Media" },
      status: "ok",
      inviteeHandle: "Someone_New",
      inviteeNetwork: "x",
    });

    const { token } = await invite(`/v1/admin/advertisers/${account.id}/invitations`, admin.bearer, { expiresInDays: 30 });
    const owner = await newPerson();
    const accepted = await accept(token, owner);
    expect(accepted.status).toBe(200);
    expect(membershipSchema.parse(await accepted.json())).toMatchObject({ advertiser: { id: account.id }, role: "owner" });

    const accounts = advertiserAccountsSchema.parse(await (await call("GET", "/v1/advertiser/accounts", owner.bearer)).json());
    expect(accounts.accounts).toEqual([
      expect.objectContaining({ role: "owner", advertiser: expect.objectContaining({ id: account.id }) }),
    ]);
  });

  it("refuses a slug that is taken (409) and bad input naming the field (400)", async () => {
    const account = await createAccount(admin);
    await expectError(await call("POST", "/v1/admin/advertisers", admin.bearer, { name: "Again", slug: account.slug }), 409, "slug_taken");

    const bad = await expectError(await call("POST", "/v1/admin/advertisers", admin.bearer, { name: "", slug: "Not A Slug" }), 400);
    expect(bad.detail?.map((field) => field.loc.join("."))).toEqual(expect.arrayContaining(["body.name", "body.slug"]));

    const tooLong = await expectError(
      await call("POST", `/v1/admin/advertisers/${account.id}/invitations`, admin.bearer, { expiresInDays: 31 }),
      400,
    );
    expect(tooLong.detail?.[0]?.loc).toEqual(["body", "expiresInDays"]);
    const badHandle = await expectError(
      await call("POST", `/v1/admin/advertisers/${account.id}/invitations`, admin.bearer, { inviteeHandle: "no spaces please" }),
      400,
    );
    expect(badHandle.detail?.[0]?.loc).toEqual(["body", "inviteeHandle"]);
    expect(badHandle.detail?.[0]?.msg).toBe("must be a handle on X: 1 to 15 letters, digits or underscores");
    await expectError(await call("POST", "/v1/admin/advertisers/advertiser-nope/invitations", admin.bearer, {}), 404, "not_found");
  });

  it("keeps the admin endpoints to admins and every endpoint to signed-in people (401 without a token)", async () => {
    const creator = await newPerson();
    await expectError(await call("POST", "/v1/admin/advertisers", creator.bearer, { name: "Mine", slug: `mine-${run}` }), 403);
    await expectError(await call("POST", "/v1/admin/advertisers", null, { name: "Mine", slug: `mine-${run}` }), 401);
    await expectError(await call("GET", "/v1/advertiser/accounts", null), 401);
    await expectError(await call("POST", "/v1/advertiser/invitations/whatever/accept", null), 401);
    await expectError(await call("POST", "/v1/advertiser/advertiser-aurora/invitations", null, {}), 401);
  });
});

describe("members", () => {
  it("a member invites, lists and revokes pending invitations; the invitee joins as a member", async () => {
    const { account, owner } = await accountWithOwner(admin);
    const created = await invite(`/v1/advertiser/${account.id}/invitations`, owner.bearer, { expiresInDays: 3 });
    const second = await invite(`/v1/advertiser/${account.id}/invitations`, owner.bearer, { inviteeHandle: "only_them" });

    const pending = pendingMemberInvitationsSchema.parse(
      await (await call("GET", `/v1/advertiser/${account.id}/invitations`, owner.bearer)).json(),
    );
    expect(pending.invitations.map((item) => item.id).sort()).toEqual([created.invitation.id, second.invitation.id].sort());
    expect(JSON.stringify(pending)).not.toContain(created.token);

    const member = await newPerson();
    const accepted = await accept(created.token, member);
    expect(accepted.status).toBe(200);
    expect(membershipSchema.parse(await accepted.json()).role).toBe("member");

    expect((await call("DELETE", `/v1/advertiser/${account.id}/invitations/${second.invitation.id}`, member.bearer)).status).toBe(200);
    const after = pendingMemberInvitationsSchema.parse(
      await (await call("GET", `/v1/advertiser/${account.id}/invitations`, owner.bearer)).json(),
    );
    expect(after.invitations).toEqual([]);

    const members = advertiserMembersSchema.parse(await (await call("GET", `/v1/advertiser/${account.id}/members`, member.bearer)).json());
    expect(members.members.map((item) => [item.handle, item.role])).toEqual([
      [owner.handle, "owner"],
      [member.handle, "member"],
    ]);
  });

  it("says what is wrong with a link: expired (410), revoked (410), used (409), wrong handle (403), unknown (404)", async () => {
    const { account, owner } = await accountWithOwner(admin);
    const path = `/v1/advertiser/${account.id}/invitations`;
    const someone = await newPerson();

    const expired = await invite(path, owner.bearer);
    await env.DB.prepare(`UPDATE advertiser_member_invitations SET expires_at = ? WHERE id = ?`)
      .bind(Date.now() - 1, expired.invitation.id)
      .run();
    const expiredPreview = memberInvitationPreviewSchema.parse(
      await (await call("GET", `/v1/advertiser/invitations/${expired.token}`, null)).json(),
    );
    expect(expiredPreview.status).toBe("expired");
    expect((await expectError(await accept(expired.token, someone), 410, "invitation_expired")).message).toMatch(/expired/);

    const revoked = await invite(path, owner.bearer);
    expect((await call("DELETE", `${path}/${revoked.invitation.id}`, owner.bearer)).status).toBe(200);
    await expectError(await call("DELETE", `${path}/${revoked.invitation.id}`, owner.bearer), 404);
    expect((await expectError(await accept(revoked.token, someone), 410, "invitation_revoked")).message).toMatch(/revoked/);

    const forOther = await invite(path, owner.bearer, { inviteeHandle: "somebody_else" });
    const wrong = await expectError(await accept(forOther.token, someone), 403, "wrong_handle");
    expect(wrong.message).toBe(
      `This invitation is for @somebody_else on X, and you are signed in as @${someone.handle}. Sign in with X as @somebody_else, or ask for an invitation for @${someone.handle}.`,
    );

    const forSomeone = await invite(path, owner.bearer, { inviteeHandle: someone.handle.toUpperCase() });
    expect((await accept(forSomeone.token, someone)).status).toBe(200);
    const again = await newPerson();
    expect((await expectError(await accept(forSomeone.token, again), 409, "invitation_used")).message).toMatch(/already been used/);
    const usedPreview = memberInvitationPreviewSchema.parse(
      await (await call("GET", `/v1/advertiser/invitations/${forSomeone.token}`, null)).json(),
    );
    expect(usedPreview.status).toBe("used");

    const another = await invite(path, owner.bearer);
    await expectError(await accept(another.token, someone), 409, "already_member");

    await expectError(await call("GET", "/v1/advertiser/invitations/not-a-real-token", null), 404, "not_found");
    await expectError(await accept("not-a-real-token", someone), 404, "not_found");
  });

  it("accepting one link twice at once makes one member", async () => {
    const { account, owner } = await accountWithOwner(admin);
    const { token } = await invite(`/v1/advertiser/${account.id}/invitations`, owner.bearer);
    const [a, b] = [await newPerson(), await newPerson()];
    const statuses = (await Promise.all([accept(token, a), accept(token, b)])).map((response) => response.status).sort();
    expect(statuses).toEqual([200, 409]);
    const members = advertiserMembersSchema.parse(await (await call("GET", `/v1/advertiser/${account.id}/members`, owner.bearer)).json());
    expect(members.members).toHaveLength(2);
  });

  it("removes members: owners only, a member may leave, the last owner stays", async () => {
    const { account, owner } = await accountWithOwner(admin);
    const path = `/v1/advertiser/${account.id}`;
    const [first, second] = [await newPerson(), await newPerson()];
    for (const person of [first, second]) {
      const { token } = await invite(`${path}/invitations`, owner.bearer);
      expect((await accept(token, person)).status).toBe(200);
    }
    await expectError(await call("DELETE", `${path}/members/${second.userId}`, first.bearer), 403, "forbidden");
    expect((await call("DELETE", `${path}/members/${first.userId}`, owner.bearer)).status).toBe(200);
    expect((await call("DELETE", `${path}/members/${second.userId}`, second.bearer)).status).toBe(200);
    await expectError(await call("DELETE", `${path}/members/${second.userId}`, owner.bearer), 404);
    const last = await expectError(await call("DELETE", `${path}/members/${owner.userId}`, owner.bearer), 409, "last_owner");
    expect(last.message).toMatch(/last owner/);
    // Removed people lose access at once.
    await expectError(await call("GET", `${path}/members`, first.bearer), 404);
  });

  it("a member of one account can neither read nor change another's (404, as for an unknown account)", async () => {
    const one = await accountWithOwner(admin);
    const other = await accountWithOwner(admin);
    const bearer = one.owner.bearer;
    const path = `/v1/advertiser/${other.account.id}`;
    const { invitation } = await invite(`${path}/invitations`, other.owner.bearer);

    const answers = await Promise.all([
      call("GET", `${path}/members`, bearer),
      call("GET", `${path}/invitations`, bearer),
      call("POST", `${path}/invitations`, bearer, {}),
      call("DELETE", `${path}/invitations/${invitation.id}`, bearer),
      call("DELETE", `${path}/members/${other.owner.userId}`, bearer),
      call("GET", `/v1/advertiser/advertiser-does-not-exist/members`, bearer),
    ]);
    for (const answer of answers) {
      const body = await expectError(answer, 404, "not_found");
      expect(body.message).toBe("This advertiser account does not exist.");
    }
    const pending = pendingMemberInvitationsSchema.parse(await (await call("GET", `${path}/invitations`, other.owner.bearer)).json());
    expect(pending.invitations.map((item) => item.id)).toEqual([invitation.id]);
  });
});

describe("the advertiser role", () => {
  it("is not given by the advertiser login, and appears once the person is a member", async () => {
    const handle = `adlog_${run}`;
    const browser = new TestBrowser();
    const start = await browser.fetch("/auth/twitter/advertiser/login");
    const authorize = new URL(start.headers.get("location") ?? "");
    authorize.searchParams.set("emulator_login", handle);
    await browser.follow(await browser.fetch(authorize.toString()));
    const { accessToken } = await tokensOf(browser);
    const person: Person = { userId: "", handle, bearer: `Bearer ${accessToken}` };

    expect(await rolesOf(person)).toEqual(["creator"]);
    const stored = await env.DB.prepare(
      `SELECT COUNT(*) AS n FROM user_roles r JOIN users u ON u.id = r.user_id WHERE u.handle = ? AND r.role = 'advertiser'`,
    )
      .bind(handle)
      .first("n");
    expect(stored).toBe(0);
    expect(advertiserAccountsSchema.parse(await (await call("GET", "/v1/advertiser/accounts", person.bearer)).json()).accounts).toEqual([]);

    const account = await createAccount(admin);
    const { token } = await invite(`/v1/admin/advertisers/${account.id}/invitations`, admin.bearer, { inviteeHandle: handle });
    expect((await accept(token, person)).status).toBe(200);
    expect(await rolesOf(person)).toEqual(["advertiser", "creator"]);
  });
});

describe("the pages", () => {
  it("server-renders /advertiser and the members page for members, and Page Not Found for anyone else", async () => {
    const { account, owner } = await accountWithOwner(admin);
    const { token } = await invite(`/v1/advertiser/${account.id}/invitations`, owner.bearer);
    const stranger = await newPerson();

    const home = await fetchPage("/advertiser", await sessionCookieFor(owner.userId));
    expect(home.status).toBe(200);
    expect(await home.text()).toContain(account.name);
    const empty = await fetchPage("/advertiser", await sessionCookieFor(stranger.userId));
    expect(await empty.text()).toContain("Membership comes by invitation only");

    const members = await fetchPage(`/advertiser/${account.id}/members`, await sessionCookieFor(owner.userId));
    expect(members.status).toBe(200);
    const html = await members.text();
    expect(html).toContain(`@${owner.handle}`);
    expect(html).toContain("Invite a member");
    expect((await fetchPage(`/advertiser/${account.id}/members`, await sessionCookieFor(stranger.userId))).status).toBe(404);

    const join = await fetchPage(`/advertiser/join/${token}`);
    expect(join.status).toBe(200);
    const joinHtml = await join.text();
    expect(joinHtml).toContain(`Join ${account.name} on Chorus`);
    expect(joinHtml).toContain("noindex");
    expect(await (await fetchPage("/advertiser/join/not-a-token")).text()).toContain("This invitation link does not work");
  });
});
