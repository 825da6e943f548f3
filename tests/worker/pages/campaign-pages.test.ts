import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../support/clock.ts";
import { seedDemoData } from "../../../fixtures/demo-data.ts";
import { fetchWorker } from "../support/fetch.ts";
import { bearerFor, sessionCookieFor } from "../support/sessions.ts";

beforeAll(async () => {
  await seedDemoData(env.DB, fixedClock(Date.now()));
});

const json = async (response: Response) => (await response.json()) as Record<string, unknown>;
const withBearer = async (userId: string, init: RequestInit = {}) => ({
  ...init,
  headers: { Authorization: await bearerFor(userId), "Content-Type": "application/json", ...init.headers },
});

describe("GET /v1/page/dashboard", () => {
  it("answers the creator's joined campaigns with standing, campaigns to join and recent posts", async () => {
    const response = await fetchWorker("/v1/page/dashboard", await withBearer("user-chorus_admin"));
    expect(response.status).toBe(200);
    const ada = await json(await fetchWorker("/v1/page/dashboard", await withBearer("user-ada_creates")));
    const joined = ada.joinedCampaigns as { id: string; standing: { posts: number; claimable: number } }[];
    // Ended campaigns with nothing left to claim (aurora-summer, nimbus-spring) leave the dashboard.
    expect(joined.map((campaign) => campaign.id).sort()).toEqual(["campaign-aurora-launch", "campaign-nimbus-backup"]);
    expect(joined.find((campaign) => campaign.id === "campaign-nimbus-backup")?.standing).toMatchObject({ posts: 1, claimable: 1 });
    // The latest posts of the campaign she posted in last.
    expect((ada.recentPosts as { id: string; campaignTitle: string }[]).map((post) => [post.id, post.campaignTitle])).toEqual([
      ["post-demo-1", "Aurora wallet launch week"],
    ]);
  });

  it("brings the payouts to confirm, so the dashboard's first paint has their banners and nothing moves down later", async () => {
    const ada = await json(await fetchWorker("/v1/page/dashboard", await withBearer("user-ada_creates")));
    expect(ada.payoutsToConfirm).toEqual([
      expect.objectContaining({ eventType: "campaign-eligible", isRead: false, campaignId: "campaign-nimbus-backup" }),
    ]);
    const html = await (
      await fetchWorker("http://127.0.0.1:8787/", { headers: { Accept: "text/html", Cookie: await sessionCookieFor("user-ada_creates") } })
    ).text();
    expect(html).toMatch(/<section aria-label="Payouts to confirm"[^>]*>.*Confirm your payout for Back up your work with Nimbus/s);

    const admin = await json(await fetchWorker("/v1/page/dashboard", await withBearer("user-chorus_admin")));
    expect(admin.payoutsToConfirm).toEqual([]);
  });

  it("refuses a request without a token", async () => {
    expect((await fetchWorker("/v1/page/dashboard")).status).toBe(401);
  });
});

describe("GET /v1/page/profile", () => {
  it("answers stats and post history of the signed-in creator only", async () => {
    const page = await json(await fetchWorker("/v1/page/profile", await withBearer("user-ada_creates")));
    expect(page.stats).toMatchObject({ campaignsJoined: 4, posts: 4 });
    // The campaigns she posted in, the one posted in last first; her posts shown are that campaign's.
    expect(page.postedCampaigns).toEqual([
      { campaignId: "campaign-aurora-launch", title: "Aurora wallet launch week", posts: 1 },
      { campaignId: "campaign-nimbus-backup", title: "Back up your work with Nimbus", posts: 1 },
      { campaignId: "campaign-aurora-summer", title: "Aurora summer of payments", posts: 1 },
      { campaignId: "campaign-nimbus-spring", title: "Nimbus spring cleaning", posts: 1 },
    ]);
    const posts = page.posts as { id: string; campaignId: string; campaignTitle: string; content: string }[];
    expect(posts.map((post) => [post.id, post.campaignId, post.campaignTitle])).toEqual([
      ["post-demo-1", "campaign-aurora-launch", "Aurora wallet launch week"],
    ]);
    expect(posts.every((post) => post.content.startsWith("#ad Loving"))).toBe(true);
    const empty = await json(await fetchWorker("/v1/page/profile", await withBearer("user-chorus_admin")));
    expect(empty.stats).toMatchObject({ campaignsJoined: 0, posts: 0 });
    expect(empty.postedCampaigns).toEqual([]);
    expect(empty.posts).toEqual([]);
    expect((await fetchWorker("/v1/page/profile")).status).toBe(401);
  });
});

describe("GET /v1/page/invitation/token/{publicToken}", () => {
  it("answers the campaign and the inviter without sign-in", async () => {
    const response = await fetchWorker("/v1/page/invitation/token/invite-lumen-insiders");
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      invitationId: "invitation-lumen-insiders",
      inviter: { kind: "advertiser", name: "Lumen Labs" },
      campaign: { id: "campaign-lumen-insiders", visibility: "invite-only" },
      expired: false,
    });
  });

  it("answers 404 for an unknown token and 400 for a malformed one", async () => {
    expect((await fetchWorker("/v1/page/invitation/token/nope")).status).toBe(404);
    const bad = await fetchWorker("/v1/page/invitation/token/%3Cscript%3E");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ detail: [{ loc: ["path", "publicToken"] }] });
  });

  it("renders the invitation page for visitors, with a sign-in that carries the invitation", async () => {
    const html = await (await fetchWorker("/invitation/invite-lumen-insiders", { headers: { Accept: "text/html" } })).text();
    expect(html).toContain("Invitation from Lumen Labs");
    expect(html).toContain("invite_id=invitation-lumen-insiders");
  });
});

describe("POST /v1/page/campaign/{campaignId}/join", () => {
  it("joins a public campaign once, notifies the creator, and a second join changes nothing", async () => {
    const init = await withBearer("user-eve_explains", { method: "POST", body: "{}" });
    const first = await fetchWorker("/v1/page/campaign/campaign-aurora-launch/join", init);
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({ campaignId: "campaign-aurora-launch", joined: true, alreadyJoined: false });
    const second = await fetchWorker("/v1/page/campaign/campaign-aurora-launch/join", init);
    expect(second.status).toBe(200);
    const notifications = await env.DB.prepare(
      `SELECT COUNT(*) AS n FROM notifications WHERE user_id = 'user-eve_explains' AND event_type = 'campaign-joined'`,
    ).first("n");
    expect(notifications).toBe(1);
    const page = await (
      await fetchWorker("/campaign/campaign-aurora-launch", {
        headers: { Accept: "text/html", Cookie: await sessionCookieFor("user-eve_explains") },
      })
    ).text();
    expect(page).toContain("You joined this campaign");
  });

  it("needs an invitation for an invite-only campaign, naming the field", async () => {
    const refused = await fetchWorker(
      "/v1/page/campaign/campaign-lumen-insiders/join",
      await withBearer("user-dev_dmitri", { method: "POST" }),
    );
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: "invitation_required", detail: [{ loc: ["body", "invitationId"] }] });
    const accepted = await fetchWorker(
      "/v1/page/campaign/campaign-lumen-insiders/join",
      await withBearer("user-dev_dmitri", { method: "POST", body: JSON.stringify({ invitationId: "invitation-lumen-insiders" }) }),
    );
    expect(accepted.status).toBe(201);
    // Once joined, the invite-only campaign's page opens for this creator (and still for nobody else).
    const cookie = await sessionCookieFor("user-dev_dmitri");
    expect((await fetchWorker("/campaign/campaign-lumen-insiders", { headers: { Accept: "text/html", Cookie: cookie } })).status).toBe(200);
  });

  it("refuses ended and unknown campaigns, bad bodies and missing tokens", async () => {
    const ended = await fetchWorker(
      "/v1/page/campaign/campaign-nimbus-spring/join",
      await withBearer("user-eve_explains", { method: "POST" }),
    );
    expect(ended.status).toBe(409);
    expect(await ended.json()).toMatchObject({ message: "This campaign has ended, so it cannot be joined any more." });
    expect((await fetchWorker("/v1/page/campaign/nope/join", await withBearer("user-eve_explains", { method: "POST" }))).status).toBe(404);
    const badBody = await fetchWorker(
      "/v1/page/campaign/campaign-aurora-launch/join",
      await withBearer("user-eve_explains", { method: "POST", body: "{oops" }),
    );
    expect(badBody.status).toBe(400);
    expect((await fetchWorker("/v1/page/campaign/campaign-aurora-launch/join", { method: "POST" })).status).toBe(401);
  });
});

describe("listCurrentCampaigns", () => {
  const query = async (userId: string, limit: number) => {
    const input = encodeURIComponent(JSON.stringify({ limit }));
    const response = await fetchWorker(`/trpc/listCurrentCampaigns?input=${input}`, await withBearer(userId));
    return ((await response.json()) as { result: { data: { id: string; status: string }[] } }).result.data;
  };

  it("answers the creator's joined running campaigns, at most as many as asked", async () => {
    const ada = await query("user-ada_creates", 2);
    expect(ada.map((campaign) => campaign.id)).toEqual(["campaign-nimbus-backup", "campaign-aurora-launch"]);
    expect(await query("user-ada_creates", 1)).toHaveLength(1);
    expect(await query("user-chorus_admin", 2)).toEqual([]);
  });

  it("refuses a caller without a token", async () => {
    const input = encodeURIComponent(JSON.stringify({ limit: 2 }));
    expect((await fetchWorker(`/trpc/listCurrentCampaigns?input=${input}`)).status).toBe(401);
  });
});
