import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { HOUR } from "../../../worker/clock.ts";
import {
  adHocNotificationResultSchema,
  adminFeedbackListSchema,
  adminFunnelSchema,
  feedbackChangeSchema,
  type AdHocNotificationInput,
} from "../../../worker/contracts/admin.ts";
import { errorBodySchema } from "../../../worker/contracts/errors.ts";
import { recentNotificationsSchema, type Notification } from "../../../worker/contracts/notifications.ts";
import { insertAdvertiserStatement } from "../../../worker/db/advertisers.ts";
import { listAuditEntries } from "../../support/audit-log.ts";
import { insertCampaignStatement } from "../../../worker/db/campaigns.ts";
import { joinCampaignStatements } from "../../../worker/db/memberships.ts";
import { insertNotificationStatement } from "../../../worker/db/notifications.ts";
import { insertUserStatements } from "../../../worker/db/users.ts";
import { storeAnalyticsMessages } from "../../../worker/domain/analytics/store-events.ts";
import { RECENT_NOTIFICATIONS_LIMIT, unreadNotificationCount } from "../../../worker/domain/notifications/inbox.ts";
import { sendFeedback } from "../../../worker/domain/posts/send-feedback.ts";
import { buildAdvertiser, buildCampaign, buildUser } from "../../../fixtures/factories.ts";
import { fixedClock } from "../../support/clock.ts";
import { fetchPage, fetchWorker } from "../support/fetch.ts";
import { bearerFor, sessionCookieFor } from "../support/sessions.ts";
import { call } from "../support/http.ts";

/* `/admin` and `/v1/admin/*`: the feedback inbox, ad-hoc notifications and the funnel counts, for admins only. */

const now = Date.now();
const advertiser = buildAdvertiser("admin-aurora", now, { name: "Admin Aurora" });
const campaign = buildCampaign("admin-launch", advertiser, "active", now, { title: "Admin launch week" });
const otherCampaign = buildCampaign("admin-other", advertiser, "active", now, { title: "Another campaign" });
const admin = buildUser("inbox_admin", now);
const jo = buildUser("joined_jo", now);
const kim = buildUser("joined_kim", now);
const joined = [jo, kim];
const elsewhere = buildUser("elsewhere_eli", now);
const advertiserOnly = buildUser("ads_only_al", now);

let adminBearer = "";
let creatorBearer = "";

function sendNotification(authorization: string, body: AdHocNotificationInput | Record<string, unknown>, idempotencyKey?: string) {
  return call(
    "POST",
    "/v1/admin/notifications",
    authorization,
    body,
    idempotencyKey === undefined ? {} : { "Idempotency-Key": idempotencyKey },
  );
}

async function notificationsOf(userId: string): Promise<Notification[]> {
  const response = await call("GET", "/v1/notification/recent", await bearerFor(userId));
  expect(response.status).toBe(200);
  return recentNotificationsSchema.parse(await response.json()).data;
}

async function adHocTitlesOf(userId: string): Promise<string[]> {
  return (await notificationsOf(userId)).filter((item) => item.eventType === "ad-hoc-notification").map((item) => item.title);
}

beforeAll(async () => {
  await env.DB.batch([
    insertAdvertiserStatement(env.DB, advertiser),
    insertCampaignStatement(env.DB, campaign),
    insertCampaignStatement(env.DB, otherCampaign),
    ...insertUserStatements(env.DB, admin, ["admin"]),
    ...[...joined, elsewhere].flatMap((user) => insertUserStatements(env.DB, user, ["creator"])),
    ...insertUserStatements(env.DB, advertiserOnly, ["advertiser"]),
    ...joined.flatMap((user) => joinCampaignStatements(env.DB, campaign.id, user.id, now - HOUR)),
    ...joinCampaignStatements(env.DB, otherCampaign.id, elsewhere.id, now - HOUR),
  ]);
  adminBearer = await bearerFor(admin.id);
  creatorBearer = await bearerFor(elsewhere.id);
});

describe("who may use the admin API and page", () => {
  const endpoints: Array<[method: string, path: string]> = [
    ["GET", "/v1/admin/feedback"],
    ["POST", "/v1/admin/feedback/fb_anything/read"],
    ["POST", "/v1/admin/feedback/fb_anything/handled"],
    ["POST", "/v1/admin/notifications"],
    ["POST", "/v1/admin/terms"],
    ["GET", "/v1/admin/analytics/funnel"],
  ];

  it("answers 403 to a signed-in creator on every admin endpoint, and 401 without a session", async () => {
    for (const [method, path] of endpoints) {
      const refused = await call(method, path, creatorBearer, undefined, { "Idempotency-Key": "a-valid-key-123" });
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(errorBodySchema.parse(await refused.json()).message).toBe("This needs the admin role.");
      const anonymous = await fetchWorker(path, { method });
      expect(anonymous.status, `${method} ${path} without a session`).toBe(401);
    }
  });

  it("renders /admin for an admin and a 403 page for anyone else", async () => {
    const page = await fetchPage("/admin", await sessionCookieFor(admin.id));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("<title>Admin · Chorus</title>");
    expect(html).toContain("Feedback inbox");

    const refused = await fetchPage("/admin", await sessionCookieFor(elsewhere.id));
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("This page is for Chorus admins only.");
  });
});

describe("the feedback inbox", () => {
  let older = "";
  let newer = "";

  beforeAll(async () => {
    const clock = (at: number) => ({ db: env.DB, clock: { now: () => at } });
    older = (await sendFeedback(clock(now - 2 * HOUR), jo.id, { content: "The dashboard is slow on Mondays.", pagePath: "/" })).id;
    newer = (await sendFeedback(clock(now - HOUR), kim.id, { content: "Please add dark mode.", pagePath: "/profile" })).id;
  });

  async function inbox(status?: string) {
    const response = await call("GET", `/v1/admin/feedback${status === undefined ? "" : `?status=${status}`}`, adminBearer);
    expect(response.status).toBe(200);
    return adminFeedbackListSchema.parse(await response.json());
  }

  it("lists open feedback newest first with the author's handle and page, reads it once and marks it handled once", async () => {
    const open = await inbox();
    expect(open.items.map((item) => [item.id, item.author.handle, item.pagePath, item.readAt])).toEqual([
      [newer, "joined_kim", "/profile", null],
      [older, "joined_jo", "/", null],
    ]);
    expect(open.counts).toEqual({ open: 2, handled: 0 });

    const read = feedbackChangeSchema.parse(await (await call("POST", `/v1/admin/feedback/${older}/read`, adminBearer)).json());
    expect(read.changed).toBe(true);
    expect(read.feedback.readAt).not.toBeNull();
    const readAgain = feedbackChangeSchema.parse(await (await call("POST", `/v1/admin/feedback/${older}/read`, adminBearer)).json());
    expect(readAgain).toEqual({ feedback: read.feedback, changed: false });

    const handled = await call("POST", `/v1/admin/feedback/${older}/handled`, adminBearer);
    expect(handled.status).toBe(200);
    const first = feedbackChangeSchema.parse(await handled.json());
    expect(first.changed).toBe(true);
    expect(first.feedback.handledBy).toEqual({ userId: admin.id, handle: "inbox_admin" });
    const second = feedbackChangeSchema.parse(await (await call("POST", `/v1/admin/feedback/${older}/handled`, adminBearer)).json());
    expect(second).toEqual({ feedback: first.feedback, changed: false });

    expect((await inbox("open")).items.map((item) => item.id)).toEqual([newer]);
    expect((await inbox("handled")).items.map((item) => item.id)).toEqual([older]);
    const all = await inbox("all");
    expect(all.items.map((item) => item.id)).toEqual([newer, older]);
    expect(all.counts).toEqual({ open: 1, handled: 1 });

    const audit = await listAuditEntries(env.DB, "admin.feedback.", 10);
    expect(audit.map((entry) => [entry.action, entry.actorUserId, entry.subjectUserId, entry.detail])).toEqual([
      ["admin.feedback.handled", admin.id, jo.id, { feedbackId: older }],
      ["admin.feedback.read", admin.id, jo.id, { feedbackId: older }],
    ]);
  });

  it("answers 404 for unknown feedback and 400 for an unknown filter", async () => {
    const missing = await call("POST", "/v1/admin/feedback/fb_nothing/handled", adminBearer);
    expect(missing.status).toBe(404);
    const badFilter = await call("GET", "/v1/admin/feedback?status=closed", adminBearer);
    expect(badFilter.status).toBe(400);
    expect(errorBodySchema.parse(await badFilter.json()).detail).toEqual([
      { loc: ["query", "status"], msg: "must be one of open, handled, all" },
    ]);
  });
});

describe("ad-hoc notifications", () => {
  it("reaches exactly the creators of one campaign, once per Idempotency-Key", async () => {
    const body = {
      title: "Launch week doubled",
      message: "Posts this week count twice.",
      link: "/campaigns",
      audience: { kind: "campaign", campaignId: campaign.id },
    } as const;
    const first = await sendNotification(adminBearer, body, "campaign-key-0001");
    expect(first.status).toBe(201);
    expect(adHocNotificationResultSchema.parse(await first.json())).toEqual({ notified: 2, replayed: false });
    const retry = await sendNotification(adminBearer, body, "campaign-key-0001");
    expect(retry.status).toBe(200);
    expect(adHocNotificationResultSchema.parse(await retry.json())).toEqual({ notified: 2, replayed: true });

    for (const user of joined) {
      const items = (await notificationsOf(user.id)).filter((item) => item.eventType === "ad-hoc-notification");
      expect(items.map((item) => [item.title, item.body, item.link, item.campaignId, item.isRead])).toEqual([
        ["Launch week doubled", "Posts this week count twice.", "/campaigns", campaign.id, false],
      ]);
    }
    expect(await adHocTitlesOf(elsewhere.id)).toEqual([]);
    expect(await adHocTitlesOf(admin.id)).toEqual([]);

    const reused = await sendNotification(adminBearer, { ...body, title: "Something else" }, "campaign-key-0001");
    expect(reused.status).toBe(409);
    expect(errorBodySchema.parse(await reused.json()).code).toBe("idempotency_key_reused");
  });

  it("reaches every creator and nobody else when sent to all creators", async () => {
    const response = await sendNotification(
      adminBearer,
      { title: "Maintenance tonight", audience: { kind: "all-creators" } },
      "all-key-000001",
    );
    expect(adHocNotificationResultSchema.parse(await response.json())).toEqual({ notified: 3, replayed: false });
    for (const user of [...joined, elsewhere]) expect(await adHocTitlesOf(user.id)).toContain("Maintenance tonight");
    expect(await adHocTitlesOf(advertiserOnly.id)).toEqual([]);

    const audit = await listAuditEntries(env.DB, "admin.notification.", 10);
    expect(audit.map((entry) => [entry.actorUserId, entry.detail.idempotencyKey, entry.detail.notified])).toEqual([
      [admin.id, "all-key-000001", 3],
      [admin.id, "campaign-key-0001", 2],
    ]);
  });

  it("refuses bad input field by field and without an Idempotency-Key, notifying nobody", async () => {
    const before = await adHocTitlesOf(elsewhere.id);
    const noKey = await sendNotification(adminBearer, { title: "No key", audience: { kind: "all-creators" } });
    expect(noKey.status).toBe(400);
    expect(errorBodySchema.parse(await noKey.json()).detail?.[0]?.loc).toEqual(["header", "Idempotency-Key"]);

    const bad = await sendNotification(
      adminBearer,
      { title: "x".repeat(121), message: "y".repeat(1001), link: "javascript:alert(1)", audience: { kind: "campaign" } },
      "bad-input-key-01",
    );
    expect(bad.status).toBe(400);
    expect(errorBodySchema.parse(await bad.json()).detail?.map((field) => field.loc.join("."))).toEqual([
      "body.title",
      "body.message",
      "body.link",
      "body.audience.campaignId",
    ]);

    const unknownCampaign = await sendNotification(
      adminBearer,
      { title: "Nowhere", audience: { kind: "campaign", campaignId: "campaign-nope" } },
      "unknown-campaign-01",
    );
    expect(unknownCampaign.status).toBe(400);
    expect(errorBodySchema.parse(await unknownCampaign.json()).detail).toEqual([
      { loc: ["body", "audience", "campaignId"], msg: "there is no published campaign with this id" },
    ]);
    expect(await adHocTitlesOf(elsewhere.id)).toEqual(before);
  });
});

describe("the funnel counts", () => {
  it("answers the landing → sign-in → join rows per campaign and utm campaign", async () => {
    const event = (id: string, name: string, properties: Record<string, string>) => ({
      id,
      name,
      occurredAt: now,
      pagePath: "/landing/x",
      properties,
    });
    await storeAnalyticsMessages({ db: env.DB, clock: fixedClock(now), eventArchive: env.ANALYTICS_ARCHIVE }, [
      {
        id: "msg-admin-1",
        body: {
          deviceId: "device-admin-1",
          attribution: { utm_campaign: "spring" },
          events: [
            event("evt-admin-0001", "landing_viewed", { advertiser_id: advertiser.id }),
            event("evt-admin-0002", "sign_in_clicked", { campaign_id: campaign.id }),
            event("evt-admin-0003", "campaign_joined", { campaign_id: campaign.id }),
          ],
          sessionUserId: null,
          receivedAt: now,
        },
      },
    ]);
    const response = await call("GET", `/v1/admin/analytics/funnel?advertiserId=${advertiser.id}`, adminBearer);
    expect(response.status).toBe(200);
    const { rows } = adminFunnelSchema.parse(await response.json());
    const launch = rows.find((row) => row.campaignId === campaign.id && row.utmCampaign === "spring");
    expect(launch).toMatchObject({
      advertiserName: "Admin Aurora",
      campaignName: "Admin launch week",
      landingViews: 1,
      signInClicks: 1,
      joins: 1,
    });
    const none = await call("GET", "/v1/admin/analytics/funnel?advertiserId=nobody", adminBearer);
    expect(adminFunnelSchema.parse(await none.json()).rows).toEqual([]);
  });
});

describe("the admin page's Admin link", () => {
  it("is in the header of an admin and not of a creator", async () => {
    const adminHtml = await (await fetchPage("/", await sessionCookieFor(admin.id))).text();
    expect(adminHtml).toMatch(/<a[^>]*href="\/admin"[^>]*>Admin<\/a>/);
    const creatorHtml = await (await fetchPage("/", await sessionCookieFor(elsewhere.id))).text();
    expect(creatorHtml).not.toContain('href="/admin"');
  });
});

describe("the unread count (SPEC.md section 4)", () => {
  it("covers every unread notification but the welcome, of any type and beyond the recent ones the sidebar lists", async () => {
    const reader = buildUser("count_carla", now);
    await env.DB.batch(insertUserStatements(env.DB, reader, ["creator"]));
    const notify = (key: string, eventType: Notification["eventType"], readAt: number | null = null) =>
      insertNotificationStatement(env.DB, {
        userId: reader.id,
        eventType,
        title: key,
        dedupeKey: `count:${key}`,
        createdAt: now - HOUR,
        readAt,
      });
    const many = Array.from({ length: RECENT_NOTIFICATIONS_LIMIT + 5 }, (_, index) => notify(`ended-${index}`, "campaign-ended"));
    await env.DB.batch([
      notify("welcome", "welcome"),
      // Types the sidebar drops still count: the person was told something they have not read.
      notify("started", "campaign-started"),
      notify("pending", "transaction-pending"),
      notify("read", "posts-rewarded", now),
      ...many,
    ]);
    expect(await unreadNotificationCount({ db: env.DB }, reader.id)).toBe(RECENT_NOTIFICATIONS_LIMIT + 5 + 2);
    expect(await unreadNotificationCount({ db: env.DB }, elsewhere.id)).toBe(
      (await notificationsOf(elsewhere.id)).filter((item) => !item.isRead).length,
    );
  });
});

describe("the 404 page", () => {
  it("has a document title", async () => {
    const response = await fetchPage("/no/such/page");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("<title>Page not found · Chorus</title>");
    expect(html).toContain("Page Not Found: /no/such/page");
  });
});
