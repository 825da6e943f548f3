import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { HOUR, systemClock } from "../../../worker/clock.ts";
import { fixedClock } from "../../support/clock.ts";
import { notificationEventTypeSchema, recentNotificationsSchema, type Notification } from "../../../worker/contracts/notifications.ts";
import { seedDemoData } from "../../../fixtures/demo-data.ts";
import { buildUser } from "../../../fixtures/factories.ts";
import { insertNotificationStatement, type NewNotification } from "../../../worker/db/notifications.ts";
import { findSession } from "../../../worker/db/sessions.ts";
import { insertUserStatements } from "../../../worker/db/users.ts";
import { issueTokens, startSession } from "../../../worker/domain/accounts/sessions.ts";
import { demoNotifications } from "../../../fixtures/demo-notifications.ts";
import { campaignJoinedNotification, welcomeNotification } from "../../../worker/domain/notifications/events.ts";
import { RECENT_NOTIFICATIONS_LIMIT } from "../../../worker/domain/notifications/inbox.ts";
import { fetchWorker } from "../support/fetch.ts";

const now = Date.now();

async function createUser(handle: string): Promise<string> {
  const user = buildUser(handle, now);
  await env.DB.batch(insertUserStatements(env.DB, user, ["creator"]));
  return user.id;
}

async function bearerFor(userId: string): Promise<string> {
  const started = await startSession({ db: env.DB, clock: systemClock }, { userId, realUserId: null });
  const session = await findSession(env.DB, started.sessionId);
  if (session === null) throw new Error("no session");
  const signingKey = String(Reflect.get(env, "JWT_SIGNING_KEY"));
  return `Bearer ${(await issueTokens({ db: env.DB, clock: systemClock, signingKey }, session)).accessToken}`;
}

function notify(userId: string, key: string, overrides: Partial<NewNotification> = {}): NewNotification {
  return {
    userId,
    eventType: "campaign-ended",
    title: `Notification ${key}`,
    body: `Body of ${key}`,
    dedupeKey: `test:${userId}:${key}`,
    createdAt: now - HOUR,
    ...overrides,
  };
}

async function insert(...notifications: NewNotification[]): Promise<void> {
  await env.DB.batch(notifications.map((notification) => insertNotificationStatement(env.DB, notification)));
}

async function recent(authorization: string): Promise<Notification[]> {
  const response = await fetchWorker("/v1/notification/recent", { headers: { Authorization: authorization } });
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("no-store");
  return recentNotificationsSchema.parse(await response.json()).data;
}

async function idOf(authorization: string, title: string): Promise<string> {
  const found = (await recent(authorization)).find((notification) => notification.title === title);
  if (found === undefined) throw new Error(`No notification titled ${title}`);
  return found.id;
}

function markRead(authorization: string | null, path: string) {
  return fetchWorker(path, { method: "DELETE", headers: authorization === null ? {} : { Authorization: authorization } });
}

let mine: { userId: string; bearer: string };
let theirs: { userId: string; bearer: string };

beforeAll(async () => {
  const myId = await createUser("notified_nora");
  const theirId = await createUser("other_otto");
  mine = { userId: myId, bearer: await bearerFor(myId) };
  theirs = { userId: theirId, bearer: await bearerFor(theirId) };
});

describe("GET /v1/notification/recent", () => {
  it("answers the signed-in user's own notifications, newest first, in the contract's shape", async () => {
    await insert(
      notify(mine.userId, "older", { createdAt: now - 3 * HOUR }),
      notify(mine.userId, "newest", {
        eventType: "campaign-eligible",
        createdAt: now - HOUR,
        link: "/campaign/x",
        title: "Confirm your payout",
      }),
      notify(mine.userId, "middle", { createdAt: now - 2 * HOUR, readAt: now - HOUR }),
      notify(theirs.userId, "not yours", { title: "Otto's own" }),
    );
    const list = await recent(mine.bearer);
    expect(list.map((notification) => notification.title)).toEqual(["Confirm your payout", "Notification middle", "Notification older"]);
    expect(list[0]).toMatchObject({
      eventType: "campaign-eligible",
      link: "/campaign/x",
      campaignId: null,
      isRead: false,
      createdAt: now - HOUR,
    });
    expect(list[0]?.id).toMatch(/^ntf_/);
    expect(list[1]?.isRead).toBe(true);
    expect((await recent(theirs.bearer)).map((notification) => notification.title)).toEqual(["Otto's own"]);
  });

  it(`sends at most ${RECENT_NOTIFICATIONS_LIMIT}, the most recent ones`, async () => {
    const userId = await createUser("busy_bea");
    const many = Array.from({ length: RECENT_NOTIFICATIONS_LIMIT + 5 }, (_, index) =>
      notify(userId, `n${index}`, { createdAt: now - index * 1000 }),
    );
    await insert(...many);
    const list = await recent(await bearerFor(userId));
    expect(list).toHaveLength(RECENT_NOTIFICATIONS_LIMIT);
    expect(list[0]?.title).toBe("Notification n0");
    expect(list.at(-1)?.title).toBe(`Notification n${RECENT_NOTIFICATIONS_LIMIT - 1}`);
  });

  it("answers the unread count of every unread notification but the welcome, of any type, beyond the list", async () => {
    const userId = await createUser("count_cleo");
    const many = Array.from({ length: RECENT_NOTIFICATIONS_LIMIT + 5 }, (_, index) =>
      notify(userId, `u${index}`, { createdAt: now - index * 1000 }),
    );
    await insert(
      ...many,
      notify(userId, "welcome", { eventType: "welcome" }),
      // A type the sidebar drops still counts: the person was told something they have not read.
      notify(userId, "started", { eventType: "campaign-started" }),
      notify(userId, "read", { eventType: "posts-rewarded", readAt: now }),
    );
    const response = await fetchWorker("/v1/notification/recent", { headers: { Authorization: await bearerFor(userId) } });
    expect(recentNotificationsSchema.parse(await response.json()).unreadCount).toBe(RECENT_NOTIFICATIONS_LIMIT + 5 + 1);
  });

  it("answers an empty list to a user with none", async () => {
    const userId = await createUser("quiet_quinn");
    expect(await recent(await bearerFor(userId))).toEqual([]);
  });

  it("refuses a request without a token, or with a bad one, with 401", async () => {
    const missing = await fetchWorker("/v1/notification/recent");
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ status: 401, code: "unauthenticated", message: "Sign in to continue" });
    const bad = await fetchWorker("/v1/notification/recent", { headers: { Authorization: "Bearer not-a-token" } });
    expect(bad.status).toBe(401);
  });
});

describe("DELETE /v1/notification/{notificationId}", () => {
  it("marks one of the user's notifications read and leaves the others unread", async () => {
    const userId = await createUser("reader_rui");
    const bearer = await bearerFor(userId);
    await insert(notify(userId, "first"), notify(userId, "second"));
    const id = await idOf(bearer, "Notification first");

    const response = await markRead(bearer, `/v1/notification/${id}`);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
    const after = await recent(bearer);
    expect(after.find((notification) => notification.id === id)?.isRead).toBe(true);
    expect(after.find((notification) => notification.title === "Notification second")?.isRead).toBe(false);

    // Marking it again is harmless, and keeps the first read time.
    const firstReadAt = await env.DB.prepare(`SELECT read_at FROM notifications WHERE id = ?`).bind(id).first<number>("read_at");
    expect(firstReadAt).toEqual(expect.any(Number));
    expect((await markRead(bearer, `/v1/notification/${id}`)).status).toBe(204);
    expect(await env.DB.prepare(`SELECT read_at FROM notifications WHERE id = ?`).bind(id).first<number>("read_at")).toBe(firstReadAt);
  });

  it("answers 404 for someone else's notification and leaves it unread", async () => {
    await insert(notify(theirs.userId, "private", { title: "Otto's private one" }));
    const theirId = await idOf(theirs.bearer, "Otto's private one");
    const response = await markRead(mine.bearer, `/v1/notification/${theirId}`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ status: 404, code: "not_found", message: "This notification does not exist." });
    expect((await recent(theirs.bearer)).find((notification) => notification.id === theirId)?.isRead).toBe(false);
  });

  it("answers 404 for an id that does not exist", async () => {
    const response = await markRead(mine.bearer, `/v1/notification/ntf_${crypto.randomUUID()}`);
    expect(response.status).toBe(404);
  });

  it("answers 400 naming the field for an id that cannot be one", async () => {
    const response = await markRead(mine.bearer, "/v1/notification/not-an-id");
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      status: 400,
      code: "invalid_request",
      message: "notificationId: must be a notification id (ntf_ and a UUID)",
      detail: [{ loc: ["path", "notificationId"], msg: "must be a notification id (ntf_ and a UUID)" }],
    });
  });

  it("refuses a request without a token with 401", async () => {
    await insert(notify(mine.userId, "guarded", { title: "Guarded" }));
    const id = await idOf(mine.bearer, "Guarded");
    expect((await markRead(null, `/v1/notification/${id}`)).status).toBe(401);
    expect((await recent(mine.bearer)).find((notification) => notification.id === id)?.isRead).toBe(false);
  });
});

describe("DELETE /v1/notification", () => {
  it("marks every notification of the user read, and nobody else's", async () => {
    const userId = await createUser("all_read_ali");
    const bearer = await bearerFor(userId);
    await insert(notify(userId, "a"), notify(userId, "b"), notify(userId, "c", { readAt: now - HOUR }));
    await insert(notify(theirs.userId, "untouched", { title: "Otto's untouched" }));

    const response = await markRead(bearer, "/v1/notification");
    expect(response.status).toBe(204);
    const after = await recent(bearer);
    expect(after).toHaveLength(3);
    expect(after.every((notification) => notification.isRead)).toBe(true);
    expect((await recent(theirs.bearer)).find((notification) => notification.title === "Otto's untouched")?.isRead).toBe(false);

    // With nothing left unread it still succeeds.
    expect((await markRead(bearer, "/v1/notification")).status).toBe(204);
  });

  it("refuses a request without a token with 401", async () => {
    expect((await markRead(null, "/v1/notification")).status).toBe(401);
    expect((await recent(mine.bearer)).some((notification) => !notification.isRead)).toBe(true);
  });
});

describe("notifications of domain events", () => {
  it("welcomes a user once, however often the welcome is delivered", async () => {
    const userId = await createUser("welcome_wes");
    await insert(welcomeNotification(userId, now));
    await insert(welcomeNotification(userId, now + HOUR));
    const list = await recent(await bearerFor(userId));
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ eventType: "welcome", isRead: false, createdAt: now, link: "/campaigns" });
  });

  it("notifies a join once per campaign, linking to the campaign", () => {
    const notification = campaignJoinedNotification({
      userId: "user-x",
      campaign: { id: "campaign-aurora-launch", title: "Aurora wallet launch week" },
      now,
    });
    expect(notification).toEqual({
      userId: "user-x",
      eventType: "campaign-joined",
      title: "You joined Aurora wallet launch week",
      body: "Post about it through Chorus: your posts count from now on.",
      link: "/campaign/campaign-aurora-launch",
      campaignId: "campaign-aurora-launch",
      dedupeKey: "campaign-joined:campaign-aurora-launch:user-x",
      createdAt: now,
    });
  });

  it("stores every type of the contract's vocabulary, and no other (migration 0067's rows)", async () => {
    const rows = await env.DB.prepare(`SELECT event_type FROM notification_event_types ORDER BY event_type`).all<{ event_type: string }>();
    expect(rows.results.map((row) => row.event_type)).toEqual([...notificationEventTypeSchema.options].sort());
    const userId = await createUser("unknown_type_uma");
    await expect(
      env.DB.prepare(
        `INSERT INTO notifications (id, user_id, event_type, title, dedupe_key, created_at) VALUES ('ntf_x', ?, 'no-such-type', 'x', 'x', 1)`,
      )
        .bind(userId)
        .run(),
    ).rejects.toThrow(/FOREIGN KEY constraint failed/);
  });
});

describe("demo notifications", () => {
  it("give ada an eligible campaign to confirm and bytebard a dozen unread, and seeding twice adds nothing", async () => {
    const clock = fixedClock(now);
    await seedDemoData(env.DB, clock);
    await insert(...demoNotifications(now));
    await insert(...demoNotifications(now));

    const ada = await recent(await bearerFor("user-ada_creates"));
    expect(ada.find((notification) => notification.eventType === "welcome")?.isRead).toBe(true);
    expect(ada.filter((notification) => notification.eventType === "campaign-eligible" && !notification.isRead)).toEqual([
      expect.objectContaining({ campaignId: "campaign-nimbus-backup" }),
    ]);
    expect(ada.some((notification) => notification.eventType === "campaign-started")).toBe(true);

    const bytebard = await recent(await bearerFor("user-bytebard"));
    const kept = bytebard.filter((notification) => notification.eventType !== "posts-rewarded" && notification.eventType !== "welcome");
    expect(kept.filter((notification) => !notification.isRead)).toHaveLength(12);
    expect(bytebard.some((notification) => notification.eventType === "posts-rewarded")).toBe(true);

    const chloe = await recent(await bearerFor("user-chloe_codes"));
    expect(chloe).toEqual([expect.objectContaining({ eventType: "welcome", isRead: false })]);
  });
});
