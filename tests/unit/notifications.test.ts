import { QueryClientProvider } from "@tanstack/react-query";
import fc from "fast-check";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { NotificationBell } from "~/features/notifications/notification-bell";
import { NotificationsProvider } from "~/features/notifications/notifications-provider";
import {
  badgeText,
  bellLabel,
  eligibleCampaignNotifications,
  firstTimeUserNotification,
  notificationTarget,
  sidebarNotifications,
  sidebarTypeOf,
  titleWithUnreadPrefix,
  unreadCount,
} from "~/features/notifications/notification-rules";
import { createQueryClient } from "~/lib/query-client";
import { notificationEventTypeSchema, type Notification } from "../../worker/contracts/notifications.ts";

let sequence = 0;
function notification(eventType: Notification["eventType"], overrides: Partial<Notification> = {}): Notification {
  sequence += 1;
  return {
    id: `ntf_${sequence}`,
    eventType,
    title: `${eventType} ${sequence}`,
    body: "",
    link: null,
    campaignId: null,
    isRead: false,
    createdAt: 1_700_000_000_000 - sequence,
    ...overrides,
  };
}

const keptServerTypes = [
  "welcome",
  "campaign-joined",
  "campaign-ended",
  "campaign-eligible",
  "campaign-not-eligible",
  "campaign-maturity",
  "posts-eligible",
  "transaction-verifying",
  "transaction-completed",
  "terms-and-conditions",
  "ad-hoc-notification",
  "vlayer-badge",
  "review-approved",
  "review-rejected",
] as const;

describe("which notifications the sidebar keeps", () => {
  it("keeps exactly the spec's twelve types and issue 28's two review decisions, in the browser's words, and drops the other seven", () => {
    const kept = notificationEventTypeSchema.options.filter((type) => sidebarTypeOf(type) !== null);
    expect(new Set(kept)).toEqual(new Set(keptServerTypes));
    expect(notificationEventTypeSchema.options.filter((type) => sidebarTypeOf(type) === null)).toEqual([
      "campaign-invited",
      "campaign-started",
      "campaign-ending",
      "posts-rewarded",
      "transaction-pending",
      "transaction-cancelled",
      "transaction-failed",
    ]);
    expect(sidebarTypeOf("posts-eligible")).toBe("new-eligible-posts");
    expect(sidebarTypeOf("ad-hoc-notification")).toBe("ad-hoc");
    expect(sidebarTypeOf("vlayer-badge")).toBe("badge");
    expect(sidebarTypeOf("campaign-eligible")).toBe("campaign-eligible");
    expect(sidebarTypeOf("review-rejected")).toBe("review-rejected");
  });

  it("lists the kept ones in the server's order and leaves out the dropped ones", () => {
    const joined = notification("campaign-joined");
    const started = notification("campaign-started");
    const eligiblePosts = notification("posts-eligible", { isRead: true });
    const pending = notification("transaction-pending");
    const list = sidebarNotifications([joined, started, eligiblePosts, pending]);
    expect(list.map((item) => item.id)).toEqual([joined.id, eligiblePosts.id]);
    expect(list.map((item) => item.type)).toEqual(["campaign-joined", "new-eligible-posts"]);
  });
});

describe("the welcome notification", () => {
  it("unread, it is the first-time-user notification: out of the list and the count", () => {
    const welcome = notification("welcome");
    const joined = notification("campaign-joined");
    const all = [welcome, joined];
    expect(firstTimeUserNotification(all)).toEqual(welcome);
    expect(sidebarNotifications(all).map((item) => item.id)).toEqual([joined.id]);
    expect(unreadCount(all)).toBe(1);
  });

  it("read, it is an ordinary entry of the list", () => {
    const welcome = notification("welcome", { isRead: true });
    expect(firstTimeUserNotification([welcome])).toBeNull();
    expect(sidebarNotifications([welcome]).map((item) => item.type)).toEqual(["welcome"]);
    expect(unreadCount([welcome])).toBe(0);
  });
});

describe("the unread count", () => {
  it("counts every unread notification but the welcome, also the types the sidebar drops (SPEC.md section 4)", () => {
    const all = [
      notification("campaign-joined"),
      notification("campaign-eligible"),
      notification("vlayer-badge"),
      notification("campaign-ended", { isRead: true }),
      notification("campaign-started"),
      notification("welcome"),
    ];
    expect(unreadCount(all)).toBe(4);
    expect(unreadCount([])).toBe(0);
  });

  it("equals the unread ones that are not the first-time-user notification (any mix)", () => {
    const anyNotification = fc
      .record({ eventType: fc.constantFrom(...notificationEventTypeSchema.options), isRead: fc.boolean() })
      .map(({ eventType, isRead }) => notification(eventType, { isRead }));
    fc.assert(
      fc.property(fc.array(anyNotification, { maxLength: 40 }), (all) => {
        const listed = sidebarNotifications(all);
        expect(unreadCount(all)).toBe(all.filter((item) => !item.isRead && item.eventType !== "welcome").length);
        expect(listed.some((item) => item.eventType === "welcome" && !item.isRead)).toBe(false);
        expect(listed.every((item) => sidebarTypeOf(item.eventType) !== null)).toBe(true);
      }),
    );
  });
});

describe("eligible-campaign notifications", () => {
  it("are the unread campaign-eligible ones", () => {
    const unread = notification("campaign-eligible", { campaignId: "campaign-nimbus-backup" });
    const read = notification("campaign-eligible", { isRead: true });
    const other = notification("posts-eligible");
    expect(eligibleCampaignNotifications([unread, read, other])).toEqual([unread]);
    expect(eligibleCampaignNotifications([])).toEqual([]);
  });
});

describe("the bell", () => {
  it("shows no badge at 0, the count up to 9 and 9+ above", () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(1)).toBe("1");
    expect(badgeText(9)).toBe("9");
    expect(badgeText(10)).toBe("9+");
    expect(badgeText(12)).toBe("9+");
    expect(badgeText(250)).toBe("9+");
  });

  it("says how many are unread in its accessible name", () => {
    expect(bellLabel(0)).toBe("Notifications");
    expect(bellLabel(3)).toBe("Notifications, 3 unread");
    expect(bellLabel(12)).toBe("Notifications, 12 unread");
  });
});

describe("the page title prefix", () => {
  it("puts (n) in front when n are unread, and nothing at 0", () => {
    expect(titleWithUnreadPrefix("Dashboard · Chorus", 3)).toBe("(3) Dashboard · Chorus");
    expect(titleWithUnreadPrefix("Dashboard · Chorus", 12)).toBe("(12) Dashboard · Chorus");
    expect(titleWithUnreadPrefix("Dashboard · Chorus", 0)).toBe("Dashboard · Chorus");
  });

  it("replaces an earlier prefix instead of stacking them", () => {
    expect(titleWithUnreadPrefix("(3) Dashboard · Chorus", 2)).toBe("(2) Dashboard · Chorus");
    expect(titleWithUnreadPrefix("(3) Dashboard · Chorus", 0)).toBe("Dashboard · Chorus");
    expect(titleWithUnreadPrefix(titleWithUnreadPrefix("Profile", 5), 5)).toBe("(5) Profile");
  });
});

describe("where a notification leads", () => {
  it("keeps app paths and http(s) pages, and refuses everything else", () => {
    expect(notificationTarget("/campaign/campaign-nimbus-backup")).toEqual({ kind: "internal", to: "/campaign/campaign-nimbus-backup" });
    expect(notificationTarget("https://aurora.example/launch")).toEqual({ kind: "external", href: "https://aurora.example/launch" });
    expect(notificationTarget(null)).toBeNull();
    expect(notificationTarget("")).toBeNull();
    expect(notificationTarget("javascript:alert(1)")).toBeNull();
    expect(notificationTarget("//evil.example/path")).toBeNull();
    expect(notificationTarget("/\\evil.example")).toBeNull();
    expect(notificationTarget("not a url")).toBeNull();
  });
});

describe("server rendering of the notification UI", () => {
  function render(signedIn: boolean): string {
    const Stub = createRoutesStub([
      {
        path: "/",
        Component: () =>
          createElement(NotificationsProvider, { signedIn, children: createElement("header", null, createElement(NotificationBell)) }),
      },
    ]);
    return renderToString(createElement(QueryClientProvider, { client: createQueryClient() }, createElement(Stub)));
  }

  it("renders nothing of it for a visitor who is not signed in", () => {
    const html = render(false);
    expect(html).toContain("<header></header>");
    expect(html).not.toMatch(/notification|dialog/i);
  });

  it("renders a plain bell (no badge) before the notifications arrive, so hydration agrees", () => {
    const html = render(true);
    expect(html).toMatch(/<button[^>]*aria-label="Notifications"[^>]*class="ui-button notification-bell"/);
    expect(html).toContain('aria-expanded="false"');
    expect(html).not.toContain("notification-badge");
    expect(html).toMatch(/<dialog[^>]*class="ui-dialog notification-sidebar"/);
    expect(html).not.toContain("welcome-dialog");
  });
});
